/// Where the pages of a rendered screen begin, for keys that move by page.
struct PageMap: Equatable {
    var pageCount = 1
    /// The page each toggle row is on.
    var pageOfRow: [Int] = []
    /// The page on screen.
    var shownPage = 0

    /// The first toggle row on a page, if it has one.
    func firstRow(onPage page: Int) -> Int? {
        pageOfRow.firstIndex(of: page)
    }
}
