pragma Singleton
import QtQuick

// Colours and sizes of the panels; the timeline has the same palette in C++ (TimelineTheme).
QtObject {
    property bool dark: false
    property real scale: 1.0

    readonly property color background: dark ? "#15181e" : "#ffffff"
    readonly property color panel: dark ? "#1b1f27" : "#f5f7fa"
    readonly property color raised: dark ? "#20252e" : "#eef1f5"
    readonly property color border: dark ? "#2c323d" : "#dde2e8"
    readonly property color text: dark ? "#e9edf2" : "#1b1f27"
    readonly property color muted: dark ? "#9aa5b4" : "#5f6b7a"
    readonly property color race: dark ? "#ff5a6e" : "#d7263d"
    readonly property color good: dark ? "#3fcf7f" : "#1e8e4f"
    readonly property color warning: dark ? "#ffb020" : "#c77700"
    readonly property color accent: dark ? "#60a5fa" : "#2563eb"
    readonly property color highlight: dark ? "#2b3442" : "#fff4c2"

    readonly property string sans: "Noto Sans CJK SC"
    readonly property string mono: "Noto Sans Mono CJK SC"
    function px(v) { return Math.round(v * scale) }
}
