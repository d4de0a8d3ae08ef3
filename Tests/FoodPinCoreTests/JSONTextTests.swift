import Testing
@testable import FoodPinCore
import FoodPinBase

@Suite struct JSONTextTests {
    @Test func quotedStringsAreJSONAndSafeInsideAScriptElement() {
        #expect(JSONText.quote("Café Zürich 桜") == "\"Café Zürich 桜\"")
        #expect(JSONText.quote("say \"hi\" \\ </script><!-- & more")
            == #""say \"hi\" \\ \u003c/script\u003e\u003c!-- \u0026 more""#)
        #expect(JSONText.quote("line\nnext\r\ttab\u{1}\u{1F}") == #""line\nnext\r\ttab\u0001\u001f""#)
        #expect(JSONText.quote("a\u{2028}b\u{2029}c\u{2027}") == "\"a\\u2028b\\u2029c\u{2027}\"")
        #expect(JSONText.quote("") == "\"\"")
    }
}
