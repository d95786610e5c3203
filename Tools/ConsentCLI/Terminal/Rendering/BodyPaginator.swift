/// Splits a screen's body into pages that fit a height.
///
/// Items never break across pages (unless one alone is taller than a page); a heading stays with the item
/// after it, a page that goes on with a section's toggles repeats the section's heading, and a blank line
/// never starts a page.
enum BodyPaginator {
    /// A page: its lines, and which toggle rows it holds.
    struct Page: Equatable {
        var lines: [StyledLine] = []
        var rows: [Int] = []
    }

    /// - Parameters:
    ///   - items: the body's items with their wrapped lines.
    ///   - height: the lines a page holds (at least 1).
    static func paginate(_ items: [(item: ScreenItem, lines: [StyledLine])], height: Int) -> [Page] {
        let height = max(height, 1)
        var pages = [Page()]
        var sectionHeading: [StyledLine] = []
        var row = 0
        for (index, entry) in items.enumerated() {
            var needed = entry.lines.count
            var isToggle = false
            switch entry.item {
            case .heading:
                sectionHeading = entry.lines
                if let next = items[(index + 1)...].first(where: { $0.item != .blank }) { needed += next.lines.count }
            case .toggle:
                isToggle = true
            case .blank, .paragraph, .bullet:
                break
            }
            if !pages[pages.count - 1].lines.isEmpty && pages[pages.count - 1].lines.count + needed > height {
                pages.append(Page())
                if isToggle && sectionHeading.count + needed <= height { pages[pages.count - 1].lines = sectionHeading }
            }
            if entry.item == .blank && pages[pages.count - 1].lines.isEmpty { continue }
            let room = height - pages[pages.count - 1].lines.count
            pages[pages.count - 1].lines += entry.lines.prefix(room)
            if isToggle {
                pages[pages.count - 1].rows.append(row)
                row += 1
            }
        }
        return pages
    }
}
