import Testing
@testable import FoodPinCore
import FoodPinBase

@Suite struct MarkdownTests {
    @Test func aLinkOrPictureToAScriptAddressKeepsItsWordsAndNoLink() {
        // cmark's safe mode writes `<a href="">`: a link to the page itself, or to the feed in a reader.
        let html = MarkdownRenderer().html("[click *here*](javascript:alert(4)), ![a cat](data:text/html,x), "
            + "![a dot](data:image/png;base64,iVBO) and [ok](https://example.org/)")
        #expect(html == "<p>click <em>here</em>, a cat, <img src=\"data:image/png;base64,iVBO\" alt=\"a dot\" /> and <a href=\"https://example.org/\">ok</a></p>\n")
        // Whatever a replaced picture holds goes with it: raw HTML, a picture, a link to a script.
        #expect(MarkdownRenderer().html("![a <b>cat</b>](javascript:x) ![[t](javascript:a)](javascript:b) ![![p](x.png)](data:text/html,x)")
            == "<p>a &lt;b&gt;cat&lt;/b&gt; t p</p>\n")
        let pictured = MarkdownRenderer(pictureHTML: { url, alt in "<picture>\(url)|\(alt)</picture>" })
        #expect(pictured.html("![![inner](a.jpg) <i>x</i>](b.jpg)") == "<p><picture>b.jpg|inner <i>x</i></picture></p>\n")
        // With raw HTML allowed, the editor's links stay as written.
        #expect(MarkdownRenderer(allowRawHTML: true).html("[x](javascript:go)") == "<p><a href=\"javascript:go\">x</a></p>\n")
    }

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
