import Foundation
import FoodPinBase
import FoodPinModel

/// `foodpin init --ci github|gitlab`: a CI file that builds the guide on every push to the main
/// branch, keeping `.foodpin-cache/` between runs (a run then redoes only what changed), and
/// publishes the site to the service's Pages. FoodPin comes from its Debian package
/// (scripts/package-deb.sh), whose address the repository names in `FOODPIN_DEB_URL`.
public enum CIWorkflow: String, Sendable, CaseIterable {
    case github, gitlab

    /// Where the file goes in the guide's repository.
    public var path: String {
        switch self {
        case .github: ".github/workflows/foodpin.yml"
        case .gitlab: ".gitlab-ci.yml"
        }
    }

    /// Writes the file into the guide at `root`; an existing one is never replaced.
    public func write(into root: URL) throws(FoodPinError) {
        let url = root.appending(path: path)
        // `.github` a link to an outside folder would carry the file there.
        try OwnPath.makeRealFolders(url.deletingLastPathComponent().path, within: root.path)
        var info = stat()
        if lstat(url.path, &info) == 0 {
            throw .usage("the file already exists; nothing was changed", at: GuideLayout.displayPath(url))
        }
        try NewFile.write(text, to: url)
    }

    static let install = """
        apt-get update -qq && apt-get install -y -qq curl ca-certificates
        curl -fsSL -o /tmp/foodpin.deb "$FOODPIN_DEB_URL"
        apt-get install -y -qq /tmp/foodpin.deb
        """

    public var text: String {
        switch self {
        case .github:
            """
            # Builds the guide with FoodPin and publishes it to GitHub Pages (Settings → Pages → Source:
            # GitHub Actions). Set the repository variable FOODPIN_DEB_URL to the address of a foodpin .deb.
            name: Publish the guide
            on:
              push:
                branches: [main]
              workflow_dispatch:
            permissions:
              contents: read
              pages: write
              id-token: write
            concurrency:
              group: pages
              cancel-in-progress: false
            jobs:
              build:
                runs-on: ubuntu-latest
                # The package is made for Debian 12's libraries.
                container: debian:bookworm
                env:
                  FOODPIN_DEB_URL: ${{ vars.FOODPIN_DEB_URL }}
                steps:
                  - uses: actions/checkout@v4
                  - name: Install FoodPin
                    run: |
            \(Self.install.indented(by: 12))
                  - id: pages
                    uses: actions/configure-pages@v5
                  - name: Keep the build cache between runs
                    uses: actions/cache@v4
                    with:
                      path: .foodpin-cache
                      key: foodpin-${{ github.sha }}
                      restore-keys: foodpin-
                  - name: Build
                    run: foodpin build --base-url "${{ steps.pages.outputs.base_url }}/"
                  - uses: actions/upload-pages-artifact@v3
                    with:
                      path: Output
              deploy:
                needs: build
                runs-on: ubuntu-latest
                environment:
                  name: github-pages
                  url: ${{ steps.deployment.outputs.page_url }}
                steps:
                  - id: deployment
                    uses: actions/deploy-pages@v4

            """
        case .gitlab:
            """
            # Builds the guide with FoodPin and publishes it to GitLab Pages. Set the CI/CD variable
            # FOODPIN_DEB_URL to the address of a foodpin .deb.
            pages:
              # The package is made for Debian 12's libraries.
              image: debian:bookworm
              rules:
                - if: $CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH
              cache:
                key: foodpin
                paths:
                  - .foodpin-cache/
              script:
            \(Self.install.split(separator: "\n").map { "    - " + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n"))
                - foodpin build --output public --base-url "$CI_PAGES_URL/"
              artifacts:
                paths:
                  - public

            """
        }
    }
}

extension String {
    fileprivate func indented(by spaces: Int) -> String {
        split(separator: "\n").map { String(repeating: " ", count: spaces) + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")
    }
}
