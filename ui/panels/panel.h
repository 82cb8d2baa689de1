#pragma once
// Panel: the base of every dock panel of the operator window. A panel is a plain QWidget that the
// MainWindow wraps in a QDockWidget (objectName + "Dock"); it owns its settings and refreshes on
// the window's single timer, never per frame. GUI thread only.
//
// To add a panel (e.g. the motion platform's): derive from Panel, give it a unique objectName,
// implement title(), and optionally load()/save() and refreshFast()/refreshSlow(); then add one
// line to MainWindow::createPanels(): addPanel(new MotionPanel(station()), Qt::RightDockWidgetArea).

#include <QWidget>

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

signals:
    /// A problem the operator must see; the window shows it in its error bar.
    void errorRaised(const QString &text);

protected:
    Station *station() const { return m_station; }
    /// The layout of a link's panel: optional `header` (always enabled, e.g. a STOP button), a
    /// note shown when the link is not running (objectName "<name>Note" for panel "<name>Panel"),
    /// and `content` in a scroll area (so its minimum size never forces the window taller),
    /// disabled without the link.
    void setLinkLayout(QWidget *content, bool linkRunning, const QString &missingNote,
                       QWidget *header = nullptr);
    TelemetryHub *hub() const;

private:
    Station *m_station;
};

} // namespace hil
