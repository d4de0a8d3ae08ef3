import Testing
@testable import FoodPinCore
import FoodPinBase

@Suite struct ScriptTextTests {
    @Test func indentationBlankLinesAndCommentLinesGoLineBreaksStay() {
        let script = "// What it does.\r\n(function () {\n  \"use strict\";\n\n\t// why\n  var url = \"https://x.org/a\"; // kept: code before it\n  return\n    1;\n})();\n"
        #expect(ScriptText.compact(script) == "(function () {\n\"use strict\";\nvar url = \"https://x.org/a\"; // kept: code before it\nreturn\n1;\n})();\n")
        // A line separator inside a string is no line break.
        #expect(ScriptText.compact("var s = \"a\u{2028}  b\u{85}c\";\n") == "var s = \"a\u{2028}  b\u{85}c\";\n")
    }

    @Test func jsDocBlocksGoAndCodeAfterThemStays() {
        let script = "/**\n * @typedef {Object} A\n * @property {number} b\n */\nvar a = 2\n  * 3;\n  /** @param {A} a */  \n"
            + "function f(a) { return a / 2; } /** not a line of its own */\n/** @type {number} */ var n = 0;\n/**\n * why\n */ init();\n"
        #expect(ScriptText.compact(script)
            == "var a = 2\n* 3;\nfunction f(a) { return a / 2; } /** not a line of its own */\nvar n = 0;\ninit();\n")
        // Never closed: kept, for the browser to refuse as it would the file.
        #expect(ScriptText.compact("go();\n/** open\nstill();\n") == "go();\n/** open\nstill();\n")
    }
}
