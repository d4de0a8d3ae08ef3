import Foundation
import FoodPinBase
import FoodPinModel

/// A FoodPin release: what `foodpin --version` prints and where its files are downloaded from.
public struct FoodPinRelease: Sendable, Equatable {
    public var version: String
    public var commit: String
    /// The project's address (release.env); its releases are under `/releases/download/vVERSION/`.
    public var homepage: String

    public init(version: String, commit: String, homepage: String) {
        self.version = version
        self.commit = commit
        self.homepage = homepage
    }

    /// Where the project's releases are, each in `vVERSION/` (`foodpin_VERSION_ARCH.deb`, the tarballs, `SHA256SUMS`).
    public var downloads: String { "\(homepage)/releases/download" }

    /// What `foodpin --version` prints: `0.2.0 (commit ac4339a9358a)`.
    public var description: String { "\(version) (commit \(commit.prefix(12)))" }
}

/// `foodpin init --ci github|gitlab`: a CI file that builds the guide on every push to the main
/// branch, keeping `.foodpin-cache/` between runs (a run then redoes only what changed), and
/// publishes the site to the service's Pages. FoodPin comes from the Debian package of the release
/// that wrote the file, checked against that release's SHA256SUMS.
public enum CIWorkflow: String, Sendable, CaseIterable {
    case github, gitlab

    /// Where the file goes in the guide's repository.
    public var path: String {
        switch self {
        case .github: ".github/workflows/foodpin.yml"
        case .gitlab: ".gitlab-ci.yml"
        }
    }

    /// The folder its build writes the site into.
    public var output: String {
        switch self {
        case .github: "Output"
        case .gitlab: "public"
        }
    }

    /// What the editor does once the file is written.
    public var nextStep: String {
        switch self {
        case .github: "commit it, set Settings → Pages → Source to GitHub Actions, and push"
        case .gitlab: "commit it and push; the site appears under Deploy → Pages"
        }
    }

    /// Writes the file into the guide at `root`; an existing one is never replaced.
    public func write(into root: URL, release: FoodPinRelease) throws(FoodPinError) {
        let url = root.appending(path: path)
        // `.github` a link to an outside folder would carry the file there.
        try OwnPath.makeRealFolders(url.deletingLastPathComponent().path, within: root.path)
        var info = stat()
        if lstat(url.path, &info) == 0 {
            throw .usage("the file already exists; nothing was changed", at: GuideLayout.displayPath(url))
        }
        try NewFile.write(text(release: release), to: url)
    }

    /// Downloads the release's .deb for this machine, checks it against the release's SHA256SUMS
    /// (or FOODPIN_DEB_SHA256) and installs it; each failure says what failed and what to set.
    static let install = #"""
        apt-get update -qq && apt-get install -y -qq curl ca-certificates
        arch="$(dpkg --print-architecture)"
        release="${FOODPIN_RELEASE_URL:-$FOODPIN_RELEASES/v$FOODPIN_VERSION}"
        deb="foodpin_${FOODPIN_VERSION}_$arch.deb"
        if ! curl -fsSL --retry 3 -o "/tmp/$deb" "$release/$deb"; then
          echo "error: cannot download FoodPin $FOODPIN_VERSION for $arch from $release/$deb; set FOODPIN_RELEASE_URL to a folder holding $deb and SHA256SUMS" >&2
          exit 1
        fi
        sum="${FOODPIN_DEB_SHA256:-}"
        if [ -z "$sum" ]; then
          if ! curl -fsSL --retry 3 -o /tmp/SHA256SUMS "$release/SHA256SUMS"; then
            echo "error: cannot download $release/SHA256SUMS; set FOODPIN_DEB_SHA256 to the SHA-256 of $deb" >&2
            exit 1
          fi
          sum="$(awk -v deb="$deb" '$2 == deb { print $1 }' /tmp/SHA256SUMS)"
        fi
        if [ -z "$sum" ]; then
          echo "error: $release/SHA256SUMS names no $deb; set FOODPIN_DEB_SHA256 to its SHA-256" >&2
          exit 1
        fi
        if ! (cd /tmp && echo "$sum  $deb" | sha256sum --check --quiet); then
          echo "error: /tmp/$deb does not match its SHA-256 $sum" >&2
          exit 1
        fi
        apt-get install -y -qq "/tmp/$deb"
        """#

    /// The file, naming the release that wrote it.
    public func text(release: FoodPinRelease) -> String {
        let written = "Written by foodpin \(release.description), which it installs."
        let variables = ["FOODPIN_VERSION: \"\(release.version)\"", "FOODPIN_RELEASES: \(release.downloads)"]
        switch self {
        case .github: return Self.github(written, variables)
        case .gitlab: return Self.gitlab(written, variables)
        }
    }

    private static func github(_ written: String, _ variables: [String]) -> String {
        """
            # Builds the guide with FoodPin and publishes it to GitHub Pages (Settings → Pages → Source:
            # GitHub Actions). \(written) To install FoodPin
            # from elsewhere, set the repository variables FOODPIN_RELEASE_URL (a folder holding the .deb and
            # SHA256SUMS) or FOODPIN_DEB_SHA256.
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
            env:
            \(variables.joined(separator: "\n").indented(by: 2))
              FOODPIN_RELEASE_URL: ${{ vars.FOODPIN_RELEASE_URL }}
              FOODPIN_DEB_SHA256: ${{ vars.FOODPIN_DEB_SHA256 }}
            jobs:
              build:
                runs-on: ubuntu-latest
                # The package is made for Debian 12's libraries.
                container: debian:bookworm
                steps:
                  - uses: actions/checkout@v4
                  - name: Install FoodPin
                    run: |
            \(install.indented(by: 12))
                  - id: pages
                    uses: actions/configure-pages@v5
                  # Processed pictures are the slow part of a build: the cache follows them.
                  - name: Keep the build cache between runs
                    uses: actions/cache@v4
                    with:
                      path: .foodpin-cache
                      key: foodpin-${{ hashFiles('Content/images/**', 'Content/site.yml') }}
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
    }

    private static func gitlab(_ written: String, _ variables: [String]) -> String {
        """
            # Builds the guide with FoodPin and publishes it to GitLab Pages. \(written)
            # To install FoodPin from elsewhere, set the CI/CD variables FOODPIN_RELEASE_URL (a folder
            # holding the .deb and SHA256SUMS) or FOODPIN_DEB_SHA256.
            pages:
              # The package is made for Debian 12's libraries.
              image: debian:bookworm
              rules:
                - if: $CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH
              variables:
            \(variables.joined(separator: "\n").indented(by: 4))
              # Processed pictures are the slow part of a build: a new cache when they or their settings change.
              cache:
                key:
                  files:
                    - Content/images/**/*
                    - Content/site.yml
                  prefix: foodpin
                paths:
                  - .foodpin-cache/
              script:
                - |
            \(install.indented(by: 6))
                - foodpin build --output public --base-url "$CI_PAGES_URL/"
              artifacts:
                paths:
                  - public

            """
    }
}

extension String {
    fileprivate func indented(by spaces: Int) -> String {
        split(separator: "\n").map { String(repeating: " ", count: spaces) + $0 }.joined(separator: "\n")
    }
}
