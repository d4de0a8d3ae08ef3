import Testing
@testable import FoodPinCore
import FoodPinBase

@Suite struct MarkdownTests {
    @Test func plainTextDropsTagsDecodesEntitiesAndCollapsesSpace() {
        let html = MarkdownRenderer().html("# Café\n\nFish &amp; *chips* <b>\n\n- one\n- two & \"three\"\n")
        #expect(MarkdownRenderer.plainText(fromHTML: html) == "Café Fish & chips <b> one two & “three”")
    }

    @Test func plainTextIsCutAtAWord() {
        #expect(MarkdownRenderer.plainText(fromHTML: "<p>one two three four</p>", limit: 12) == "one two…")
        #expect(MarkdownRenderer.plainText(fromHTML: "<p>one two three</p>", limit: 13) == "one two three")
        #expect(MarkdownRenderer.plainText(fromHTML: "<p>abcdefghijklmnop</p>", limit: 5) == "abcde…")
        #expect(MarkdownRenderer.plainText(fromHTML: "<p>añññño x</p>", limit: 5) == "aññññ…")
    }
}
