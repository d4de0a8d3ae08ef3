import Foundation
import Testing
@testable import FoodPinCore
@testable import FoodPinDeploy
import FoodPinBase

/// Deploys to a folder, and the parts every target shares: targets, headers, the plan, the
/// manifest, credentials. (Buckets are deployed to in Tests/browser/test_deploy.py, on a real S3 server.)
struct DeployTests {
    func deploy(_ guide: TestGuide, to folder: URL, _ change: (inout DeployRequest) -> Void = { _ in }) async throws -> DeployReport {
        let (output, layout) = (guide.output, guide.layout)
        var request = DeployRequest(target: try DeployTarget(parsing: "file://\(folder.path)"), site: output, guide: layout) {
            BuildState.written(into: output, in: layout)
        }
        change(&request)
        return try await Deployer.deploy(request) { _, _ in }
    }

    func files(in folder: URL) throws -> [String: Data] {
        let paths = FileManager.default.enumerator(atPath: folder.path)!.compactMap { $0 as? String }
        var found: [String: Data] = [:]
        for path in paths where !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.appending(path: path).path, isDirectory: &isFolder), !isFolder.boolValue {
                found[path] = try Data(contentsOf: folder.appending(path: path))
            }
        }
        return found
    }

    func twoRestaurants() throws -> TestGuide {
        let guide = try TestGuide()
        try guide.write("Content/restaurants/luigis.md", "---\nname: Luigi's\ncuisines: [Italian]\ncity: Boston\n---\nFresh pasta.\n")
        try guide.write("Content/restaurants/noodle-bar.md", "---\nname: Noodle Bar\ncuisines: [Ramen]\ncity: Boston\n---\nBroth.\n")
        try guide.build()
        return guide
    }

    @Test func aFolderHoldsTheSiteAfterEditsAndRemovals() async throws {
        let guide = try twoRestaurants()
        let www = try guide.makeOutsideFolder("www")
        let first = try await deploy(guide, to: www)
        #expect(try files(in: www) == files(in: guide.output))
        #expect(first.unchanged == 0 && first.deleted.isEmpty)

        try guide.write("Content/restaurants/luigis.md", "---\nname: Luigi's\ncuisines: [Italian]\ncity: Boston\n---\nFresh pasta, and now pizza.\n")
        try guide.remove("Content/restaurants/noodle-bar.md")
        try guide.build()
        let second = try await deploy(guide, to: www)
        #expect(try files(in: www) == files(in: guide.output))
        #expect(second.sent.contains("restaurants/luigis/index.html"))
        #expect(second.deleted.contains("restaurants/noodle-bar/index.html"))
        #expect(!FileManager.default.fileExists(atPath: www.appending(path: "restaurants/noodle-bar").path))
        #expect(second.sent.count + second.unchanged == (try files(in: guide.output)).count)
        #expect(second.unchanged > second.sent.count)

        let changed = try String(contentsOf: second.changedList!, encoding: .utf8)
        #expect(changed.contains("/restaurants/luigis/\n/restaurants/luigis/index.html\n"))
        #expect(changed.contains("/restaurants/noodle-bar/\n"))

        let manifest = DeployManifest.location(for: try DeployTarget(parsing: "file://\(www.path)"), endpoint: nil, in: guide.layout.cache)
        let saved = try #require(FileStamp(path: manifest.path))
        let third = try await deploy(guide, to: www)
        #expect(FileStamp(path: manifest.path) == saved, "nothing changed: the manifest is not written again")
        #expect(third.sent.isEmpty && third.deleted.isEmpty && third.changedList == nil)
        #expect(!FileManager.default.fileExists(atPath: second.changedList!.path))
    }

    @Test func theBuildsRecordNamesTheFilesAndVerifyAlsoSendsHandEdits() async throws {
        let guide = try twoRestaurants()
        let www = try guide.makeOutsideFolder("www")
        _ = try await deploy(guide, to: www)
        // Output/ is the build's: what it did not write waits for --verify.
        try guide.write("Output/google1234.html", "google-site-verification: google1234.html\n")
        try guide.write("Output/404.html", "Edited by hand.\n")
        let plain = try await deploy(guide, to: www)
        let built = try files(in: guide.output).count
        #expect(plain.sent.isEmpty && plain.unchanged == built - 1)
        let verified = try await deploy(guide, to: www) { $0.verify = true }
        #expect(verified.sent == ["404.html", "google1234.html"])
        #expect(try files(in: www) == files(in: guide.output))
        // A file added by hand stays on the target while the folder has it, though the record does not list it.
        let after = try await deploy(guide, to: www)
        #expect(after.sent.isEmpty && after.deleted.isEmpty)
        // Bytes that are not what the build wrote, though of its size, are recorded as unknown: read again next time.
        let page = try Data(contentsOf: guide.output.appending(path: "robots.txt"))
        try guide.write("Output/robots.txt", String(repeating: "#", count: page.count))
        _ = try await deploy(guide, to: www) { $0.verify = true }
        let manifest = DeployManifest.load(from: DeployManifest.location(for: try DeployTarget(parsing: "file://\(www.path)"), endpoint: nil, in: guide.layout.cache))
        #expect(manifest?.files["robots.txt"]?.version == .unknown)
        try page.write(to: guide.output.appending(path: "robots.txt"))
        // The build puts its own 404 page back and leaves out the file it did not write; the next
        // deploy, from the record, follows.
        try guide.build()
        #expect(!FileManager.default.fileExists(atPath: guide.output.appending(path: "google1234.html").path))
        let rebuilt = try await deploy(guide, to: www)
        #expect(rebuilt.sent == ["404.html", "robots.txt"] && rebuilt.deleted == ["google1234.html"])
        #expect(try files(in: www) == files(in: guide.output))
    }

    @Test func whatAStoppedFolderDeployLeftIsClearedByTheNext() async throws {
        let guide = try twoRestaurants()
        let www = try guide.makeOutsideFolder("www")
        _ = try await deploy(guide, to: www)
        let incoming = www.appending(path: ".foodpin-incoming")
        try FileManager.default.createDirectory(at: incoming, withIntermediateDirectories: true)
        try Data("<html>half a pa".utf8).write(to: incoming.appending(path: "8F0C-stopped"))
        try guide.write("Content/restaurants/luigis.md", "---\nname: Luigi's\ncuisines: [Italian]\ncity: Boston\n---\nNow open late.\n")
        try guide.build()
        let next = try await deploy(guide, to: www)
        #expect(next.sent.contains("restaurants/luigis/index.html"))
        #expect(!FileManager.default.fileExists(atPath: incoming.path))
        #expect(try files(in: www) == files(in: guide.output))
    }

    @Test func aSiteFolderRemovedSinceItsBuildIsNoSite() async throws {
        let guide = try twoRestaurants()
        let www = try guide.makeOutsideFolder("www")
        _ = try await deploy(guide, to: www)
        try FileManager.default.removeItem(at: guide.output)
        await #expect { _ = try await self.deploy(guide, to: www) } throws: { "\($0)".contains("there is no site here to deploy") }
        #expect(try files(in: www).count > 0)
    }

    @Test func aSiteWithoutARecordIsWalkedAndTheRecordThenSendsOnlyWhatTheWalkCouldNotKnow() async throws {
        let guide = try twoRestaurants()
        let www = try guide.makeOutsideFolder("www")
        let files = BuildState.files(in: guide.layout, output: guide.output)
        BuildState.remove(files)
        let walked = try await deploy(guide, to: www)
        let built = try self.files(in: guide.output)
        #expect(try self.files(in: www) == built)
        #expect(walked.sent.count == built.count)
        try guide.build()
        #expect(FileManager.default.fileExists(atPath: files.state.path))
        // Taken from the record, which does not list it: a walk would send it.
        try guide.write("Output/added-by-hand.html", "Hello.\n")
        let recorded = try await deploy(guide, to: www)
        // Sent again only where the walk could not know how: the files named by their content, now cached for good.
        let fingerprinted = try #require(BuildState.written(into: guide.output, in: guide.layout)).deliveries.filter { $0.value == .fingerprinted }.keys.sorted()
        #expect(fingerprinted.count > 3 && recorded.sent.sorted() == fingerprinted && recorded.unchanged == walked.sent.count - fingerprinted.count)
        // Each file read once more, its version now the build's: the next deploy reads none.
        let manifest = try #require(DeployManifest.load(from: DeployManifest.location(for: try DeployTarget(parsing: "file://\(www.path)"), endpoint: nil, in: guide.layout.cache)))
        #expect(manifest.files.values.allSatisfy { if case .written = $0.version { true } else if case .copied = $0.version { true } else { false } })
    }

    /// A deploy stopped after sending a file, before saving its manifest: the file counts as unknown,
    /// so a site changed back to what the manifest says still goes out again.
    @Test func filesInFlightWhenADeployStoppedAreSentAgain() async throws {
        let guide = try twoRestaurants()
        let www = try guide.makeOutsideFolder("www")
        _ = try await deploy(guide, to: www)
        let manifest = DeployManifest.location(for: try DeployTarget(parsing: "file://\(www.path)"), endpoint: nil, in: guide.layout.cache)
        // What a stopped deploy leaves: the journal of what it was sending, and a file the manifest does not describe.
        try DeployManifest.markPending(["restaurants/luigis/index.html", "stray.html"], for: manifest)
        try Data("half a deploy".utf8).write(to: www.appending(path: "restaurants/luigis/index.html"))
        try Data("from a site since changed".utf8).write(to: www.appending(path: "stray.html"))
        let next = try await deploy(guide, to: www)
        #expect(next.sent == ["restaurants/luigis/index.html"])
        #expect(next.deleted == ["stray.html"])
        #expect(try files(in: www) == files(in: guide.output))
        #expect(!FileManager.default.fileExists(atPath: manifest.path + ".pending"))
    }

    /// Stopped twice: a file the first stop left, gone from the site by the second, is still removed.
    @Test func aFileLeftByOneStoppedDeployIsRemovedAfterAnother() async throws {
        let guide = try twoRestaurants()
        let www = try guide.makeOutsideFolder("www")
        _ = try await deploy(guide, to: www)
        let manifest = DeployManifest.location(for: try DeployTarget(parsing: "file://\(www.path)"), endpoint: nil, in: guide.layout.cache)
        try DeployManifest.markPending(["left-by-the-first.html"], for: manifest)
        try Data("stray".utf8).write(to: www.appending(path: "left-by-the-first.html"))
        try DeployManifest.markPending(["restaurants/luigis/index.html"], for: manifest)
        let next = try await deploy(guide, to: www)
        #expect(next.deleted == ["left-by-the-first.html"])
        #expect(try files(in: www) == files(in: guide.output))
    }

    @Test func aFolderHoldingOtherFilesIsRefusedAndLeftAlone() async throws {
        let guide = try twoRestaurants()
        let home = try guide.makeOutsideFolder("home")
        try Data("my notes".utf8).write(to: home.appending(path: "notes.txt"))
        let refusal = await #expect(throws: FoodPinError.self) { _ = try await deploy(guide, to: home) }
        #expect(refusal?.message == "this folder holds files FoodPin did not deploy; a deploy would remove those the site does not have")
        #expect(try files(in: home) == ["notes.txt": Data("my notes".utf8)])
    }

    @Test func aDryRunWritesNothingAndAGracePeriodKeepsOldFiles() async throws {
        let guide = try twoRestaurants()
        let www = try guide.makeOutsideFolder("www")
        let dry = try await deploy(guide, to: www) { $0.dryRun = true }
        #expect(dry.sent.sorted() == (try files(in: guide.output)).keys.sorted())
        #expect(try files(in: www).isEmpty)
        _ = try await deploy(guide, to: www)
        try guide.remove("Content/restaurants/noodle-bar.md")
        try guide.build()
        let gone = Set(try files(in: www).keys).subtracting(try files(in: guide.output).keys)
        let kept = try await deploy(guide, to: www) { $0.settings.keepDeleted = 3600 }
        #expect(kept.deleted.isEmpty && kept.kept == gone.count && gone.contains("restaurants/noodle-bar/index.html"))
        #expect(FileManager.default.fileExists(atPath: www.appending(path: "restaurants/noodle-bar/index.html").path))
        let later = try await deploy(guide, to: www) {
            $0.settings.keepDeleted = 3600
            $0.settings.now += 3600
        }
        #expect(Set(later.deleted) == gone && later.kept == 0)
        #expect(try files(in: www) == files(in: guide.output))
    }

    @Test func aFolderInsideTheSiteIsRefused() async throws {
        let guide = try twoRestaurants()
        for folder in [guide.output.appending(path: "copy"), guide.root, URL(fileURLWithPath: "/")] {
            let refusal = await #expect(throws: FoodPinError.self) { _ = try await deploy(guide, to: folder) }
            #expect(refusal?.message.hasSuffix("and the site folder \(GuideLayout.displayPath(guide.output)) overlap") == true)
        }
    }

    @Test func targetsAreReadOrRefusedWithTheFormToWrite() throws {
        #expect(try DeployTarget(parsing: "s3://my-guide") == .bucket(name: "my-guide", prefix: ""))
        #expect(try DeployTarget(parsing: "s3://my.guide/site/en/") == .bucket(name: "my.guide", prefix: "site/en/"))
        #expect(try DeployTarget(parsing: "file:///srv/www/") == .folder(path: "/srv/www"))
        let refusals = ["s3://My_Guide": "s3://My_Guide names no S3 bucket", "s3://ab": "s3://ab names no S3 bucket",
                        "s3://guide/../x": "s3://guide/../x: a prefix may not hold `.` or `..` parts",
                        "file://relative/path": "file://relative/path is not an absolute folder",
                        "ftp://host/": "ftp://host/ is no deploy target", "/srv/www": "/srv/www is no deploy target"]
        for (bad, message) in refusals {
            let refusal = #expect(throws: FoodPinError.self, "\(bad)") { try DeployTarget(parsing: bad) }
            #expect(refusal?.message.hasPrefix(message) == true, "\(bad)")
        }
    }

    /// Each file goes as its owner said when the build planned it (`FileKind.delivery`), read from
    /// the build's record: nothing is guessed from a path. A file added by hand goes as a page.
    @Test func eachFileIsSentAsTheBuildsRecordSays() throws {
        let guide = try twoRestaurants()
        try FileManager.default.createDirectory(at: guide.root.appending(path: "Content/images"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: PictureTests.fixtures.appending(path: "small.jpg"), to: guide.root.appending(path: "Content/images/small.jpg"))
        try guide.write("Content/images/plan.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"4\"/>")
        try guide.write("Content/restaurants/luigis.md", "---\nname: Luigi's\ncity: Boston\nimage: images/small.jpg\n---\n![Plan](images/plan.svg)\n")
        try guide.build(baseURL: "https://food.example/")
        try guide.write("Output/notes.txt", "by hand")
        let record = try #require(BuildState.written(into: guide.output, in: guide.layout))
        let sent = Dictionary(uniqueKeysWithValues: try BuiltSite.scan(guide.output, record: record).map { ($0.path, DeployHeaders($0, gzip: true)) })
        let stylesheet = try #require(sent.keys.first { $0.hasPrefix("assets/site.") && $0.hasSuffix(".css") })
        #expect(sent[stylesheet] == DeployHeaders(contentType: "text/css; charset=utf-8", cacheControl: "public, max-age=31536000, immutable",
                                                  contentEncoding: "gzip", delivery: .fingerprinted))
        #expect(sent["restaurants/luigis/index.html"] == DeployHeaders(contentType: "text/html; charset=utf-8", cacheControl: "public, max-age=300",
                                                                        contentEncoding: "gzip", delivery: .page))
        let pictures = sent.filter { $0.key.hasPrefix("pictures/") }
        #expect(!pictures.isEmpty && pictures.values.allSatisfy { $0.delivery == .fingerprinted && $0.cacheControl.hasSuffix("immutable") })
        let expected: [String: Delivery] = [
            "index.html": .entrance, "sitemap.xml": .entrance, "search.json": .entrance, "search/terms.json": .entrance,
            "feeds/restaurants.xml": .entrance, "cities/boston/feeds/reviews.json": .entrance,
            "robots.txt": .entrance, "sw.js": .entrance, "images/plan.svg": .part,
            "search/0.json": .page, "search/attributes/0.json": .page, "cities/boston/index.html": .page, "404.html": .page,
            "manifest.webmanifest": .page, "notes.txt": .page,
        ]
        #expect(Dictionary(uniqueKeysWithValues: expected.keys.map { ($0, sent[$0]?.delivery) }) == expected.mapValues { $0 })
        // Only the fingerprinted files are kept longer than five minutes.
        #expect(Set(sent.values.map(\.cacheControl)) == ["public, max-age=300", "public, max-age=31536000, immutable"])
    }

    @Test func credentialsComeFromTheEnvironmentOrAProfile() throws {
        let home = FileManager.default.temporaryDirectory.appending(path: "foodpin-aws-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: home.appending(path: ".aws"), withIntermediateDirectories: true)
        try Data("[default]\naws_access_key_id = AKIADEFAULT\naws_secret_access_key = s1\n\n[site]\naws_access_key_id=AKIASITE\naws_secret_access_key=s2\naws_session_token = t2\n".utf8)
            .write(to: home.appending(path: ".aws/credentials"))
        try Data("[default]\nregion = eu-west-1\n[profile site]\nregion = ap-south-1\n".utf8).write(to: home.appending(path: ".aws/config"))
        let files = AWSCredentials.Lookup(environment: ["HOME": home.path])
        #expect(try files.credentials().accessKeyID == "AKIADEFAULT" && files.region() == "eu-west-1")
        let site = AWSCredentials.Lookup(environment: ["HOME": home.path, "AWS_ACCESS_KEY_ID": "AKIAENV", "AWS_SECRET_ACCESS_KEY": "s3"], profile: "site")
        #expect(try site.credentials().accessKeyID == "AKIASITE" && site.credentials().sessionToken == "t2" && site.region() == "ap-south-1")
        let variables = AWSCredentials.Lookup(environment: ["HOME": home.path, "AWS_ACCESS_KEY_ID": "AKIAENV", "AWS_SECRET_ACCESS_KEY": "s3", "AWS_REGION": "us-west-2"])
        #expect(try variables.credentials().accessKeyID == "AKIAENV" && variables.region() == "us-west-2")
        let none = AWSCredentials.Lookup(environment: ["HOME": home.path], profile: "missing")
        let refusal = #expect(throws: FoodPinError.self) { try none.credentials() }
        #expect(refusal?.message.hasSuffix("has no profile [missing] with both keys") == true)
    }

    @Test func gzipGivesWhatGunzipReadsBack() throws {
        let text = Array(String(repeating: "<p>Cacio e pepe, café, 拉面.</p>\n", count: 200).utf8)
        let compressed = Gzip.compress(text)
        #expect(compressed.count < text.count / 10)
        #expect(Gzip.compress(text) == compressed)
        let file = FileManager.default.temporaryDirectory.appending(path: "foodpin-\(UUID().uuidString).gz")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(compressed).write(to: file)
        let gunzip = Process()
        gunzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
        gunzip.arguments = ["-dc", file.path]
        let pipe = Pipe()
        gunzip.standardOutput = pipe
        try gunzip.run()
        let back = pipe.fileHandleForReading.readDataToEndOfFile()
        gunzip.waitUntilExit()
        #expect(Array(back) == text)
    }

    @Test func s3sXMLIsRead() {
        let answer = "<ListBucketResult><Contents><Key>a&amp;b/caf&#xE9;.html</Key><ETag>&quot;abc&quot;</ETag></Contents><Contents><Key>x&lt;y</Key></Contents></ListBucketResult>"
        #expect(XMLText.values(of: "Key", in: answer) == ["a&b/café.html", "x<y"])
        #expect(XMLText.values(of: "ETag", in: answer) == ["\"abc\""])
        #expect(XMLText.escape("a&b<c>'\"") == "a&amp;b&lt;c&gt;&apos;&quot;")
        #expect(XMLText.escape("é\u{1}b\tc\r\n\u{1F}") == "éb\tc\r\n")
    }

    @Test func aDamagedManifestMeansAListing() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "foodpin-manifest-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appending(path: "m.tsv")
        var manifest = DeployManifest()
        let html = DeployHeaders(contentType: "text/html; charset=utf-8", cacheControl: "public, max-age=300", contentEncoding: "gzip", delivery: .entrance)
        let css = DeployHeaders(contentType: "text/css; charset=utf-8", cacheControl: "public, max-age=300", contentEncoding: nil, delivery: .part)
        let stamp = FileStamp(size: 4, modified: -10, changed: 12, inode: UInt64.max)
        manifest.files["index.html"] = .init(digest: ContentDigest(hash: 0xab, count: 3), version: .written(ContentDigest(hash: 7, count: 3)), headers: html)
        manifest.files["a.css"] = .init(digest: ContentDigest(hash: UInt64.max, count: 4), version: FileVersion(found: stamp), headers: css)
        manifest.files["b.png"] = .init(digest: ContentDigest(hash: 1, count: 5), version: .copied(stamp), headers: css)
        manifest.files["c.html"] = .unknown
        manifest.retired["old.html"] = 1000
        try manifest.save(to: url, target: .folder(path: "/srv"))
        #expect(DeployManifest.load(from: url) == manifest)
        #expect(String(decoding: try Data(contentsOf: url), as: UTF8.self).split(separator: "\n").sorted() == """
            foodpin deploy manifest 4\tfile:///srv
            F\ta.css\t4\tffffffffffffffff\tf4,-10,0,18446744073709551615\ttext/css; charset=utf-8|public, max-age=300||1
            F\tb.png\t5\t1\tc4,-10,12,18446744073709551615\ttext/css; charset=utf-8|public, max-age=300||1
            F\tc.html\t-1\t0\t-\t|||2
            F\tindex.html\t3\tab\tw3,7\ttext/html; charset=utf-8|public, max-age=300|gzip|3
            R\told.html\t1000
            """.split(separator: "\n").sorted())
        for damaged in ["F\tindex.html\tthree\tab\tw3,7\t|||2\n", "F\tindex.html\t3\tab\tw3,7\t||\n", "F\tindex.html\t3\tab\tw3,7\t|||4\n",
                        "F\t../../etc/passwd\t3\tab\tw3,7\t|||2\n", "FF\tindex.html\t3\tab\tw3,7\t|||2\n",
                        "F\tindex.html\t3\tAB\tw3,7\t|||2\n", "F\tindex.html\t3\tab\tw3\t|||2\n", "F\tindex.html\t3\tab\tx3,7\t|||2\n",
                        "F\tindex.html\t3\tab\tw3,7\ta|b\n", "F\tindex.html\t3\t1ffffffffffffffff\tw3,7\t|||2\n",
                        "F\tindex.html\t-5\tab\tw3,7\t|||2\n", "F\tindex.html\t-1\tab\tw3,7\t|||2\n", "F\tx/..\u{0}y\t3\tab\tw3,7\t|||2\n",
                        "R\t/abs\t10\n", "R\tx.html\t-5\n", "F\tindex.html\t3\tab\tw3,7\n"] {
            try Data("foodpin deploy manifest 4\t/srv\n\(damaged)".utf8).write(to: url)
            #expect(DeployManifest.load(from: url) == nil, "\(damaged)")
        }
        // A manifest of an earlier format is not read: the target is listed.
        try Data("foodpin deploy manifest 3\t/srv\nF\tindex.html\t8f43\t3\tb7-3\ttext/html; charset=utf-8|public, max-age=300|\n".utf8).write(to: url)
        #expect(DeployManifest.load(from: url) == nil)
    }
}

/// `host:` in site.yml: the files Netlify and Cloudflare Pages read, with the same cache policy a deploy sends.
struct HostFilesTests {
    @Test func aNamedHostGetsItsHeadersAndRedirects() throws {
        let guide = try TestGuide(siteYAML: "title: Host\nbase_url: https://example.org/guide/\nhost: cloudflare\n")
        try guide.write("Content/restaurants/luigis.md", "---\nname: Luigi's\ncity: Boston\n---\nPasta.\n")
        try guide.build()
        let stylesheet = try #require(try guide.page("index.html").firstMatch(of: /assets\/site\.[0-9a-f]{8}\.css/)).output
        let headers = try guide.page("_headers")
        #expect(headers.contains("/guide/\(stylesheet)\n  Cache-Control: public, max-age=31536000, immutable\n"))
        #expect(headers.hasSuffix("/guide/pictures/*\n  Cache-Control: public, max-age=31536000, immutable\n"
                                  + "/guide/*\n  X-Content-Type-Options: nosniff\n  Referrer-Policy: strict-origin-when-cross-origin\n"))
        #expect(try guide.page("_redirects") == "# Written by FoodPin: shortened addresses lead to the list.\n/guide/restaurants/ /guide/ 301\n/guide/page/1/ /guide/ 301\n")

        try guide.write("Content/site.yml", "title: Host\n")
        try guide.build()
        #expect(!guide.exists("_headers") && !guide.exists("_redirects"))
    }

    @Test func anUnknownHostIsALocatedErrorAndNothingIsWritten() throws {
        let guide = try TestGuide(siteYAML: "title: Host\nhost: vercel\n")
        let report = try guide.build()
        #expect(report.diagnostics.map(\.description) == [
            "\(guide.root.path)/Content/site.yml:2:7: error: `host` names a static host whose own files FoodPin writes: netlify or cloudflare; found \"vercel\"\n    hint: leave `host` out for any other host",
        ])
        #expect(!FileManager.default.fileExists(atPath: guide.output.path))
    }
}
