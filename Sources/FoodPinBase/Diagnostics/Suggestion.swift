/// Finds the known word nearest to a misspelt one, for "did you mean" hints.
package enum Suggestion {
    package static func nearest(to word: String, in candidates: [String]) -> String? {
        let lowered = word.lowercased()
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, candidate.lowercased())
            if distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
        }
        guard let best else { return nil }
        // Only suggest when the word is plausibly a typo of the candidate.
        return best.1 <= max(2, word.count / 3) ? best.0 : nil
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
