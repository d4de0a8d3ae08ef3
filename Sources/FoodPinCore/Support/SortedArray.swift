extension Array {
    /// In an array sorted by `key`, the first position whose key is not before `value`: where
    /// `value` is, or would go.
    func firstIndex(notBefore value: String, by key: (Element) -> String) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if key(self[middle]) < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
