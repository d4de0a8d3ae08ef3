import Foundation
import FoodPinBase

/// The script the preview server adds to every page it serves (never to built files): it reloads
/// the page after a successful rebuild and shows build errors over the page until they are fixed.
///
/// A page holds its event stream only while it is shown: browsers allow six connections per host,
/// and pages kept in the back/forward cache or in background tabs with a stream open each took
/// one, until the sixth page stalled. A page that comes back compares the build it was served
/// from with the current one, and reloads if a rebuild happened while it was away.
enum LiveReload {
    static let eventsPath = "/__foodpin/events"

    static func script(build: Int) -> String {
        """
        <script>
        (function () {
          var servedFrom = \(build), overlay = null, events = null;
          function show(text) {
            if (!overlay) {
              overlay = document.createElement("div");
              overlay.setAttribute("role", "alert");
              overlay.style.cssText = "position:fixed;inset:auto 0 0 0;max-height:60vh;overflow:auto;z-index:2147483647;" +
                "background:#1c1b1f;color:#ffdad6;font:13px/1.5 ui-monospace,Menlo,monospace;padding:1rem 1.25rem;" +
                "border-top:4px solid #c00;box-shadow:0 -4px 24px rgba(0,0,0,.4);white-space:pre-wrap";
              overlay.id = "foodpin-error-overlay";
              document.body.appendChild(overlay);
            }
            overlay.textContent = "FoodPin: the build failed; this page is the last good version.\\n\\n" + text;
          }
          function connect() {
            if (events || document.hidden) return;
            events = new EventSource("\(eventsPath)");
            events.addEventListener("build", function (event) { if (Number(event.data) !== servedFrom) location.reload(); });
            events.addEventListener("failure", function (event) { show(JSON.parse(event.data)); });
            events.addEventListener("ok", function () { if (overlay) { overlay.remove(); overlay = null; } });
          }
          function disconnect() { if (events) { events.close(); events = null; } }
          addEventListener("pagehide", disconnect);
          addEventListener("pageshow", connect);
          document.addEventListener("visibilitychange", function () { if (document.hidden) disconnect(); else connect(); });
          connect();
        })();
        </script>

        """
    }

    /// Adds the script before `</body>`, or at the end when there is none; `build` is the number of
    /// the build the page comes from.
    static func inject(into html: Data, build: Int) -> Data {
        guard var text = String(data: html, encoding: .utf8) else { return html }
        if let range = text.range(of: "</body>", options: .backwards) {
            text.insert(contentsOf: script(build: build), at: range.lowerBound)
        } else {
            text += script(build: build)
        }
        return Data(text.utf8)
    }
}
