extension Array {
    /// In an array sorted by `key` in `precedes` order, the first position whose key is not before
    /// `value`: where `value` is, or would go.
    package func firstIndex<Key>(notBefore value: Key, by key: (Element) -> Key, precedes: (Key, Key) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if precedes(key(self[middle]), value) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    package func firstIndex(notBefore value: String, by key: (Element) -> String) -> Int {
        firstIndex(notBefore: value, by: key, precedes: <)
    }
}
