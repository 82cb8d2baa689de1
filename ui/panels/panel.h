#pragma once
// Panel: the base of every dock panel of the operator window. A panel is a plain QWidget that the
// MainWindow wraps in a QDockWidget (objectName + "Dock"); it owns its settings and refreshes on
// the window's single timer, never per frame. GUI thread only.
//
// To add a panel (e.g. the motion platform's): derive from Panel, give it a unique objectName,
// implement title(), and optionally load()/save() and refreshFast()/refreshSlow(); then a link's
// panel gets one line in builtinLinkPanels() (ui/panels/builtinpanels.cpp) and its id in the
// link's descriptor; a general panel one line in MainWindow::createPanels().
//
// Language: the window switches language at run time (View → Language). Qt then sends every
// widget a LanguageChange event; Panel::changeEvent() answers it with retranslateUi(), which runs
// every text setter registered with retranslate() and then refreshSlow() (texts composed from
// live values). So a panel sets each tr() text inside a retranslate([=] { ... }) once, in its
// constructor, and never needs to know which language is on.

#include <QWidget>
#include <functional>
#include <vector>

class QLabel;
class QSettings;

namespace hil {

class Station;
class TelemetryHub;

class Panel : public QWidget
{
    Q_OBJECT
public:
    /// objectName: unique and stable (it keys the dock state and the settings group).
    Panel(const QString &objectName, Station *station, QWidget *parent = nullptr);

    /// The dock title and View menu entry, translated.
    virtual QString title() const = 0;
    /// Reads this panel's settings; the window has already entered group "panels/<objectName>".
    virtual void load(QSettings &settings);
    /// Writes this panel's settings into the current group.
    virtual void save(QSettings &settings) const;
    /// Called at the window's frame rate (30 Hz) while the panel is visible: plots, fast values.
    virtual void refreshFast();
    /// Called at 5 Hz while visible: counters, tables, lists.
    virtual void refreshSlow();
    /// Sets every translated text again (the language changed); called from changeEvent().
    virtual void retranslateUi();

signals:
    /// A problem the operator must see; the window shows it in its error bar.
    void errorRaised(const QString &text);

protected:
    Station *station() const { return m_station; }
    /// Runs `apply` now and again on every language change: the place for a widget's tr() texts.
    void retranslate(std::function<void()> apply);
    void changeEvent(QEvent *event) override;
    /// A QLabel whose text is `text()` now and after every language change.
    QLabel *trLabel(std::function<QString()> text);
    /// The layout of a link's panel: optional `header` (always enabled, e.g. a STOP button), a
    /// note shown when the link is not running (objectName "<name>Note" for panel "<name>Panel"),
    /// and `content` in a scroll area (so its minimum size never forces the window taller),
    /// disabled without the link.
    void setLinkLayout(QWidget *content, bool linkRunning, const QString &missingNote,
                       QWidget *header = nullptr);
    /// The same with a note that follows the language (`missingNote` returns its tr() text).
    void setLinkLayout(QWidget *content, bool linkRunning,
                       const std::function<QString()> &missingNote, QWidget *header = nullptr);
    /// The link came or went (a panel re-reads its link on Station::linksChanged): enables the
    /// content and hides the note, or the reverse.
    void setLinkRunning(bool running);
    TelemetryHub *hub() const;

private:
    Station *m_station;
    std::vector<std::function<void()>> m_retranslate;
    QWidget *m_linkContent = nullptr, *m_linkNote = nullptr; ///< setLinkLayout()'s
};

} // namespace hil
