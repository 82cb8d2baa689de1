#pragma once
// RigStrip: the rig's state in one row beside STOP, which no dock, tab or dismissed message can
// hide: what can hurt the rider first (the platform's reported mode and the one asked for while
// they differ, a latched STOP and how to release it, the loop guard holding the cues and why),
// then the cue gain the link applies and the master gain, each running link's live rate coloured
// by the rig check's own limits (core/ratelimits.h), the pilot's device and enabling button, the
// session's recording and a "stand-ins" mark while any peer is a built-in stand-in.
//
// Links are found by what their descriptors declare (`motion`, `liveRate`, `pilotOut`, a stand-in
// of their own), never by name. It reads the Station's typed motion status and each link's
// counter snapshot (both refreshed at 10 Hz in the links' threads, read here under their own
// locks), never a link's thread. GUI thread only; refresh() at the window's 5 Hz.
//
// Room: the safety items (mode, STOP, loop guard) never shorten. When the row is too narrow the
// others shorten in this order: the pilot, gains and recording items lose their words, then the
// link rates lose their names (the colour and figure stay; the tooltip names the link), then the
// pilot and gains items go, then the link rates (the status bar and the Links panel still have
// them). The stand-ins mark stays; with the pilot and gains it loses its "· DEMO" (a stand-in that
// acts by itself, LinkDescriptor::standInActsAlone: the tooltip still says so). Narrower still
// (wider fonts, as under Wine), the strip takes a second line: the stand-ins mark and recording
// go below, then the loop guard too. Its minimum width is that of the two lines: past it the
// toolbar would move the whole strip, safety items and all, into its overflow menu.

#include <QElapsedTimer>
#include <QHash>
#include <QWidget>
#include <deque>

class QHBoxLayout;
class QLabel;

namespace hil {

class Station;

class RigStrip : public QWidget
{
    Q_OBJECT
public:
    explicit RigStrip(Station *station, QWidget *parent = nullptr);

    /// Reads the state again and rewrites every item (the window's 5 Hz).
    void refresh();

    /// How far the optional items are shortened now (0 whole .. 4 rates gone too, 5 two lines,
    /// 6 the loop guard on the second line).
    int shortening() const { return m_shortening; }

    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    struct Item
    {
        QLabel *label = nullptr;
        QString full, shortText; ///< rich text at each length
    };
    QLabel *makeLabel(const char *objectName);
    void setItem(Item &item, const QString &full, const QString &shortText, const QString &style,
                 const QString &tip);
    /// Chooses the shortening for the width there is, and shows each item's text for it.
    void fit();
    /// The width the items need at a shortening level.
    int neededWidth(int level) const;
    void applyShortening(int level);
    /// Puts the items on one line or two for a shortening level.
    void arrange(int level);
    /// The strip's parts, each with one rule for its line and length per shortening level.
    enum class Part { Mode, Stop, Guard, Gains, Link, Pilot, Recording, StandIns };
    static constexpr int kParts = 8;
    struct Shape
    {
        int line = 0; ///< 0 the first line, 1 the second
        bool shortened = false, hidden = false;
    };
    static Shape shapeAt(Part part, int level);
    double rateOf(const QString &link, const char *counter, double count);

    Station *m_station;
    static constexpr int kLevels = 7;
    QHBoxLayout *m_rows[2] = {nullptr, nullptr}; ///< the first line, and the second when needed
    int m_arranged = -1; ///< the lines arrange() made: each part's line, a bit per part
    Item m_mode, m_stop, m_guard, m_gains, m_pilot, m_recording, m_standIns;
    QHash<QString, Item> m_links; ///< by link name, in the registry's order in the layout
    QWidget *m_linksBox = nullptr;
    QHBoxLayout *m_linksLayout = nullptr;
    int m_shortening = 0;

    /// Counts of each rate's counter over the last second and a bit, for a rate per second.
    struct Sample
    {
        qint64 ms;
        double count;
    };
    QHash<QString, std::deque<Sample>> m_samples;
    QElapsedTimer m_clock;
};

} // namespace hil
