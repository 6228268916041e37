pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Controls.Material

// A menu as wide as its widest entry (text and shortcut), so nothing is cut
// off at any text size; its entries show their shortcuts.
//
// Its Actions, separators and submenus are `entries`, put in the menu when it
// first opens: a window has about 45 entries, and made at start they were a
// tenth of its load. Their shortcuts work before: an Action is made at start
// all the same, and with no entry of its own on the screen it takes its keys
// itself.
Menu {
    id: appMenu
    // Its checkable entries are one choice among them (radio marks).
    property bool exclusive: false
    // Its entries are to read, not to choose (AppMenuItem.note).
    property bool notes: false
    default property list<QtObject> entries
    property bool filled: false
    // Open or opening, not closing: the keys are the window's again as soon as
    // the menu starts to go.
    property bool showing: false
    // Material's shadow (elevation 8) is made with the menu, not when it opens:
    // it comes with the entries. The window has seven menus.
    Material.elevation: filled ? 8 : 0
    font.pixelSize: Style.px(15)
    // Material's list of entries and its opening and closing transitions come
    // with the entries too (as Material makes them): made with the seven menus,
    // they held back the window's first frame by 7-29 ms.
    contentItem: Item {}
    enter: null
    exit: null
    readonly property Component madeWhenFilled: Component {
        QtObject {
            readonly property ListView list: ListView {
                implicitHeight: contentHeight
                model: appMenu.contentModel
                interactive: Window.window ? contentHeight + appMenu.topPadding + appMenu.bottomPadding > Window.window.height : false
                clip: true
                currentIndex: appMenu.currentIndex
                ScrollIndicator.vertical: ScrollIndicator {}
                // The list has the focus while no entry has it, and leaves the
                // arrows to the menu.
                focus: true
                keyNavigationEnabled: false
                Keys.onShortcutOverride: event => event.accepted = appMenu.keepsKey(event)
                Keys.onEscapePressed: event => event.accepted = appMenu.closeFromBar()
            }
            readonly property Transition enter: Transition {
                NumberAnimation { property: "scale"; from: 0.9; to: 1.0; easing.type: Easing.OutQuint; duration: 220 }
                NumberAnimation { property: "opacity"; from: 0.0; to: 1.0; easing.type: Easing.OutCubic; duration: 150 }
            }
            readonly property Transition exit: Transition {
                NumberAnimation { property: "scale"; from: 1.0; to: 0.9; easing.type: Easing.OutQuint; duration: 220 }
                NumberAnimation { property: "opacity"; from: 1.0; to: 0.0; easing.type: Easing.OutCubic; duration: 150 }
            }
        }
    }
    delegate: AppMenuItem { radio: appMenu.exclusive; note: appMenu.notes }
    width: {
        let widest = Style.px(160)
        for (let i = 0; i < count; ++i) {
            const item = itemAt(i)
            if (item)
                widest = Math.max(widest, item.implicitWidth)
        }
        return widest + leftPadding + rightPadding
    }
    // An open menu has the keys a menu uses (arrows, Space, Esc, letters), not
    // the window's one-key shortcuts behind it: → goes to the next menu instead
    // of stepping a client. Keys with Ctrl, Alt or Meta stay the window's.
    function keepsKey(event) {
        return showing && !(event.modifiers & (Qt.ControlModifier | Qt.AltModifier | Qt.MetaModifier))
    }
    // Esc on a menu bar's menu closes it as a click on its title does. Closed
    // otherwise with the pointer still on the title, Qt 6.4's bar stays in the
    // mode where a title opens its menu as the pointer comes (the next title
    // clicked opened on the way and closed with the click). Emitting the
    // title's `triggered` is what its click does.
    function closeFromBar() {
        if (!showing || !(parent instanceof MenuBarItem))
            return false
        const title = parent as MenuBarItem
        title.triggered()
        return true
    }
    onAboutToHide: showing = false
    // The entries go in as the menu is about to show.
    onAboutToShow: {
        showing = true
        if (filled)
            return
        filled = true
        const made = madeWhenFilled.createObject(appMenu)
        contentItem = made.list
        enter = made.enter
        exit = made.exit
        for (let i = 0; i < entries.length; ++i) {
            const entry = entries[i]
            if (entry instanceof Action)
                addAction(entry)
            else if (entry instanceof Menu)
                addMenu(entry)
            else if (entry instanceof Item)
                addItem(entry)
        }
    }
}
