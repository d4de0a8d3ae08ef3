import Foundation
import Testing
@testable import FoodPinCore
@testable import FoodPinDeploy
import FoodPinBase

/// The signer against AWS's published Signature Version 4 test suite (the cases S3 signs the same
/// way: its paths are never normalized), and against the worked examples of S3's own documentation.
struct AWSSignatureTests {
    struct Vector: Sendable, CustomTestStringConvertible {
        var name: String
        var method = "GET"
        var path = "/"
        var query: [(String, String)] = []
        var headers: [(String, String)] = []
        var token: String?
        var canonicalRequest: String
        var stringToSign: String
        var signature: String

        var testDescription: String { name }
    }

    static let empty = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    static let vanillaHeaders = "host:example.amazonaws.com\nx-amz-date:20150830T123600Z\n"

    static func vanilla(_ name: String, method: String = "GET", path: String = "/", encodedPath: String? = nil, query: [(String, String)] = [],
                        canonicalQuery: String = "", digest: String, signature: String) -> Vector {
        Vector(name: name, method: method, path: path, query: query,
               canonicalRequest: "\(method)\n\(encodedPath ?? path)\n\(canonicalQuery)\n\(vanillaHeaders)\nhost;x-amz-date\n\(empty)",
               stringToSign: "AWS4-HMAC-SHA256\n20150830T123600Z\n20150830/us-east-1/service/aws4_request\n\(digest)", signature: signature)
    }

    static let suite: [Vector] = [
        vanilla("get-vanilla", digest: "bb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63",
                signature: "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31"),
        vanilla("get-unreserved", path: "/-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
                digest: "6a968768eefaa713e2a6b16b589a8ea192661f098f37349f4e2c0082757446f9",
                signature: "07ef7494c76fa4850883e2b006601f940f8a34d404d0cfa977f52a65bbf5f24f"),
        vanilla("get-utf8", path: "/ሴ", encodedPath: "/%E1%88%B4", digest: "2a0a97d02205e45ce2e994789806b19270cfbbb0921b278ccf58f5249ac42102",
                signature: "8318018e0b0f223aa2bbf98705b62bb787dc9c0e678f255a891fd03141be5d85"),
        vanilla("get-space-unnormalized", path: "/example space/", encodedPath: "/example%20space/",
                digest: "63ee75631ed7234ae61b5f736dfc7754cdccfedbff4b5128a915706ee9390d86",
                signature: "652487583200325589f1fba4c7e578f72c47cb61beeca81406b39ddec1366741"),
        vanilla("get-slashes-unnormalized", path: "//example//", digest: "528ec3105ee1f34ab014bb0a1a45da0ed2742a4fea3555149e5b4d5d201eb240",
                signature: "87cca117541a147f6df867677d98a7d80dff226d2bfca9e4ffa899665623c7e5"),
        vanilla("get-vanilla-query-order-key-case", query: [("Param2", "value2"), ("Param1", "value1")],
                canonicalQuery: "Param1=value1&Param2=value2", digest: "816cd5b414d056048ba4f7c5386d6e0533120fb1fcfa93762cf0fc39e2cf19e0",
                signature: "b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500"),
        vanilla("get-vanilla-query-order-encoded", query: [("Param-3", "Value3"), ("Param", "Value2"), ("ሴ", "Value1")],
                canonicalQuery: "%E1%88%B4=Value1&Param=Value2&Param-3=Value3",
                digest: "868294f5c38bd141c4972a373a76654f1418a8e4fc18b2e7903ae45e8ae0ec71",
                signature: "371d3713e185cc334048618a97f809c9ffe339c62934c032af5a0e595648fcac"),
        vanilla("get-vanilla-utf8-query", query: [("ሴ", "bar")], canonicalQuery: "%E1%88%B4=bar",
                digest: "eb30c5bed55734080471a834cc727ae56beb50e5f39d1bff6d0d38cb192a7073",
                signature: "2cdec8eed098649ff3a119c94853b13c643bcf08f8b0a1d91e12c9027818dd04"),
        vanilla("post-vanilla-query", method: "POST", query: [("Param1", "value1")], canonicalQuery: "Param1=value1",
                digest: "9d659678c1756bb3113e2ce898845a0a79dbbc57b740555917687f1b3340fbbd",
                signature: "28038455d6de14eafc1f9222cf5aa6f1a96197d7deb8263271d420d138af7f11"),
        Vector(name: "get-vanilla-with-session-token", token: "6e86291e8372ff2a2260956d9b8aae1d763fbf315fa00fa31553b73ebf194267",
               canonicalRequest: "GET\n/\n\n\(vanillaHeaders)x-amz-security-token:6e86291e8372ff2a2260956d9b8aae1d763fbf315fa00fa31553b73ebf194267\n\nhost;x-amz-date;x-amz-security-token\n\(empty)",
               stringToSign: "AWS4-HMAC-SHA256\n20150830T123600Z\n20150830/us-east-1/service/aws4_request\n067b36aa60031588cea4a4cde1f21215227a047690c72247f1d70b32fbbfad2b",
               signature: "07ec1639c89043aa0e3e2de82b96708f198cceab042d4a97044c66dd9f74e7f8"),
        Vector(name: "get-header-key-duplicate", headers: [("My-Header1", "value2"), ("My-Header1", "value2"), ("My-Header1", "value1")],
               canonicalRequest: "GET\n/\n\nhost:example.amazonaws.com\nmy-header1:value2,value2,value1\nx-amz-date:20150830T123600Z\n\nhost;my-header1;x-amz-date\n\(empty)",
               stringToSign: "AWS4-HMAC-SHA256\n20150830T123600Z\n20150830/us-east-1/service/aws4_request\ndc7f04a3abfde8d472b0ab1a418b741b7c67174dad1551b4117b15527fbe966c",
               signature: "c9d5ea9f3f72853aea855b47ea873832890dbdd183b4468f858259531a5138ea"),
        Vector(name: "get-header-value-trim", headers: [("My-Header1", " value1"), ("My-Header2", " \"a   b   c\"")],
               canonicalRequest: "GET\n/\n\nhost:example.amazonaws.com\nmy-header1:value1\nmy-header2:\"a b c\"\nx-amz-date:20150830T123600Z\n\nhost;my-header1;my-header2;x-amz-date\n\(empty)",
               stringToSign: "AWS4-HMAC-SHA256\n20150830T123600Z\n20150830/us-east-1/service/aws4_request\na726db9b0df21c14f559d0a978e563112acb1b9e05476f0a6a1c7d68f28605c7",
               signature: "acc3ed3afb60bb290fc8d2dd0098b9911fcaa05412b367055dee359757a9c736"),
        Vector(name: "post-header-value-case", method: "POST", headers: [("My-Header1", "VALUE1")],
               canonicalRequest: "POST\n/\n\nhost:example.amazonaws.com\nmy-header1:VALUE1\nx-amz-date:20150830T123600Z\n\nhost;my-header1;x-amz-date\n\(empty)",
               stringToSign: "AWS4-HMAC-SHA256\n20150830T123600Z\n20150830/us-east-1/service/aws4_request\nd51ced243e649e3de6ef63afbbdcbca03131a21a7103a1583706a64618606a93",
               signature: "cdbc9802e29d2942e5e10b5bccfdd67c5f22c7c4e8ae67b53629efa58b974b7d"),
    ]

    @Test(arguments: suite)
    func signsAsTheSuiteStates(_ vector: Vector) {
        let signer = AWSSignature(credentials: AWSCredentials(accessKeyID: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
                                                              sessionToken: vector.token),
                                  region: "us-east-1", service: "service")
        let signed = signer.sign(.init(method: vector.method, host: "example.amazonaws.com", path: vector.path, query: vector.query,
                                       headers: vector.headers, payloadHash: Self.empty), at: Date(timeIntervalSince1970: 1_440_938_160))
        #expect(signed.canonicalRequest == vector.canonicalRequest)
        #expect(signed.stringToSign == vector.stringToSign)
        #expect(signed.signature == vector.signature)
        let signedHeaders = vector.canonicalRequest.split(separator: "\n", omittingEmptySubsequences: false).dropLast().last!
        #expect(signed.headers.last! == ("Authorization",
            "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=\(signedHeaders), Signature=\(vector.signature)"))
    }

    static let s3Example = AWSSignature(credentials: AWSCredentials(accessKeyID: "AKIAIOSFODNN7EXAMPLE",
                                                                    secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
                                        region: "us-east-1", service: "s3")
    static let may24 = Date(timeIntervalSince1970: 1_369_353_600)

    /// S3's documentation: GET Object, the first ten bytes of `test.txt`.
    @Test func signsS3sGetObjectExample() {
        let signed = Self.s3Example.sign(.init(method: "GET", host: "examplebucket.s3.amazonaws.com", path: "/test.txt",
                                               headers: [("Range", "bytes=0-9"), ("x-amz-content-sha256", Self.empty)], payloadHash: Self.empty),
                                         at: Self.may24)
        #expect(signed.stringToSign == "AWS4-HMAC-SHA256\n20130524T000000Z\n20130524/us-east-1/s3/aws4_request\n7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972")
        #expect(signed.signature == "f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41")
    }

    /// S3's documentation: PUT Object `test$file.text` (the `$` encoded once, as S3 wants).
    @Test func signsS3sPutObjectExample() {
        let body = Array("Welcome to Amazon S3.".utf8)
        let hash = AWSSignature.payloadHash(body)
        #expect(hash == "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072")
        let signed = Self.s3Example.sign(.init(method: "PUT", host: "examplebucket.s3.amazonaws.com", path: "/test$file.text",
                                               headers: [("Date", "Fri, 24 May 2013 00:00:00 GMT"), ("x-amz-storage-class", "REDUCED_REDUNDANCY"),
                                                         ("x-amz-content-sha256", hash)], payloadHash: hash), at: Self.may24)
        #expect(signed.canonicalRequest.hasPrefix("PUT\n/test%24file.text\n\n"))
        #expect(signed.signature == "98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd")
    }

    @Test func credentialsNeverShowTheSecret() {
        let credentials = AWSCredentials(accessKeyID: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", sessionToken: "token-123")
        #expect("\(credentials)" == "AWS key AKIDEXAMPLE")
        #expect(!String(reflecting: credentials).contains("EXAMPLEKEY"))
    }
}
