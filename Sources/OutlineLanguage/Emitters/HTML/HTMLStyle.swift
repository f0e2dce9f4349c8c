/// The page's style sheet, `Resources/style.css`: system fonts only (nothing fetched), light
/// and dark colours, marks that read without colour, and motion only when the reader has not
/// asked for less.
enum HTMLStyle {
  /// The CSS, inlined in the page's `<style>` element.
  static let css = Asset(PackageResources.style_css, name: "style.css").textWithoutFinalLineBreak
}
