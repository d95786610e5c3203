extension Array where Element: Comparable {
    /// Whether a sorted array holds `value`: the answer's id lists are kept sorted (``ConsentAnswer``), and a
    /// binary search beats building a `Set` for a lookup or a few.
    func containsSorted(_ value: Element) -> Bool {
        var low = startIndex, high = endIndex
        while low < high {
            let middle = (low + high) / 2
            if self[middle] == value { return true }
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return false
    }
}

extension Array where Element: Comparable & Hashable {
    /// The elements sorted, without duplicates: the array itself when it is so already, as the lists of a
    /// stored answer nearly always are.
    var sortedUnique: [Element] {
        for index in indices.dropFirst() where self[index - 1] >= self[index] {
            return Set(self).sorted()
        }
        return self
    }
}
