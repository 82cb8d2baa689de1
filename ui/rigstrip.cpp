#include "ui/rigstrip.h"
#include "station/station.h"
#include "ui/panels/linkstyle.h"
#include "ui/rigstatetext.h"

#include <QCoreApplication>
#include <QDir>
#include <QEvent>
#include <QHBoxLayout>
#include <QJsonObject>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

namespace hil {

namespace {
constexpr int kItemPadding = 16; // a pill's padding and border, with a little air

QString pill(const char *background, const char *colour = "white")
{
    return QStringLiteral("QLabel { background: %1; color: %2; font-weight: bold; "
                          "border-radius: 3px; padding: 2px 6px; }")
        .arg(QLatin1String(background), QLatin1String(colour));
}
QString plainItem(const char *colour = nullptr)
{
    return colour ? QStringLiteral("QLabel { color: %1; padding: 2px 4px; }")
                        .arg(QLatin1String(colour))
                  : QStringLiteral("QLabel { padding: 2px 4px; }");
}
const char *levelColour(RateLimit::Level level)
{
    switch (level) {
    case RateLimit::Level::Good:
        return "#1e8449";
    case RateLimit::Level::Low:
        return "#9a6700";
    case RateLimit::Level::Bad:
        break;
    }
    return "#c0392b";
}
} // namespace

RigStrip::RigStrip(Station *station, QWidget *parent) : QWidget(parent), m_station(station)
{
    setObjectName(QStringLiteral("rigStrip"));
    m_clock.start();
    auto *lines = new QVBoxLayout(this);
    lines->setContentsMargins(6, 0, 6, 0);
    lines->setSpacing(2);
    for (QHBoxLayout *&row : m_rows) {
        row = new QHBoxLayout;
        row->setContentsMargins(0, 0, 0, 0);
        row->setSpacing(6);
        lines->addLayout(row);
    }
    m_mode.label = makeLabel("stripMode");
    m_stop.label = makeLabel("stripStop");
    m_guard.label = makeLabel("stripGuard");
    m_gains.label = makeLabel("stripGains");
    m_linksBox = new QWidget;
    m_linksBox->setObjectName(QStringLiteral("stripLinks"));
    m_linksLayout = new QHBoxLayout(m_linksBox);
    m_linksLayout->setContentsMargins(0, 0, 0, 0);
    m_linksLayout->setSpacing(6);
    m_pilot.label = makeLabel("stripPilot");
    m_recording.label = makeLabel("stripRecording");
    m_standIns.label = makeLabel("stripStandIns");
    arrange(0);
    // The safety items and the stand-ins mark keep their whole text: the others give way.
    for (Item *i : {&m_mode, &m_stop, &m_guard, &m_standIns})
        i->label->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Preferred);
    for (Item *i : {&m_gains, &m_pilot, &m_recording})
        i->label->setMinimumWidth(1);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    refresh();
}

QLabel *RigStrip::makeLabel(const char *objectName)
{
    auto *l = new QLabel;
    l->setObjectName(QLatin1String(objectName));
    l->setTextFormat(Qt::PlainText);
    l->setParent(this);
    return l;
}

void RigStrip::setItem(Item &item, const QString &full, const QString &shortText,
                       const QString &style, const QString &tip)
{
    item.full = full;
    item.shortText = shortText;
    item.label->setProperty("fullText", full); // what it says where there is room (tests read it)
    if (item.label->styleSheet() != style)
        item.label->setStyleSheet(style);
    item.label->setToolTip(tip); // shown or hidden by applyShortening(), once per refresh
}

double RigStrip::rateOf(const QString &link, const char *counter, double count)
{
    // The counters' snapshot moves in 0.1 s steps: a rate over the last second of them (half a
    // second at first, so a new window shows figures at once).
    std::deque<Sample> &s = m_samples[link + QLatin1Char('/') + QLatin1String(counter)];
    const qint64 now = m_clock.elapsed();
    if (!s.empty() && count < s.back().count)
        s.clear(); // the link restarted
    s.push_back({now, count});
    while (s.size() > 2 && now - s[1].ms >= 1000)
        s.pop_front();
    const qint64 span = now - s.front().ms;
    return span >= 500 ? (count - s.front().count) * 1000.0 / double(span) : -1.0;
}

void RigStrip::refresh()
{
    const QLocale l;
    const std::optional<MotionStatus> motion = m_station->motionStatus();

    // The platform's mode: reported, and asked for while the platform has not followed.
    if (!motion) {
        setItem(m_mode, tr("Platform: not connected"), QString(), pill("#7f8c8d"),
                tr("No motion platform link runs: nothing moves."));
    } else {
        const int reported = motion->reportedMode;
        const char *bg = reported == RigStateText::kCueing       ? "#d35400"
                         : reported == RigStateText::kLoading    ? "#2e86c1"
                         : reported == RigStateText::kLevelBrake ? "#1f618d"
                         : reported == RigStateText::kOff        ? "#7f8c8d"
                                                                 : "#c0392b";
        QString text = reported >= 0 ? tr("Platform: %1").arg(RigStateText::mode(reported))
                                     : tr("Platform: no answer");
        if (motion->requestedMode >= 0 && motion->requestedMode != reported)
            text = tr("%1, asked for %2").arg(text, RigStateText::mode(motion->requestedMode));
        setItem(m_mode, text, QString(), pill(bg),
                tr("The mode the platform reports in its status word; the Motion platform "
                   "panel's buttons ask for another."));
    }

    // STOP latched: the first thing the strip says until it is released.
    if (motion && motion->stopLatched)
        setItem(m_stop, tr("STOP latched: %1").arg(RigStateText::stopRelease()), QString(),
                pill("#922b21"),
                tr("STOP holds the cues at zero and asked for LEVEL BRAKE. Nothing moves until "
                   "the operator picks a mode with the Motion platform panel's buttons."));
    else
        setItem(m_stop, motion ? tr("STOP not latched") : QString(), QString(),
                plainItem("#566573"),
                tr("STOP (Esc) zeroes the cues and asks for LEVEL BRAKE from any window."));

    // The loop guard (and the axis check's hold): cues held at neutral, and why.
    if (motion && motion->guard.holding())
        setItem(m_guard, tr("Cues held: %1").arg(RigStateText::guardReason(motion->guard)),
                QString(), pill("#c0392b"),
                motion->stopLatched
                    ? tr("The loop guard holds the cues at neutral while the loop is degraded. "
                         "STOP is latched: nothing moves until a mode is picked.")
                    : tr("The loop guard holds the cues at neutral while the loop is degraded; "
                         "they ramp back in after %1 s without a problem (%2 s so far).")
                          .arg(l.toString(motion->guard.healthyForS, 'f', 0),
                               l.toString(motion->guard.healthyS, 'f', 1)));
    else if (motion && motion->axisHeld)
        setItem(m_guard, tr("Cues held: axes crossed"), QString(), pill("#c0392b"),
                tr("The axis check found the platform reading the axes in another order. Run "
                   "it again in the Motion platform panel once the axes are set right."));
    else
        setItem(m_guard, motion ? tr("Loop healthy") : QString(), QString(), plainItem("#1e8449"),
                tr("The loop guard watches the simulator's rate, PX4's lockstep and the "
                   "platform's end stops."));

    // Gains: what the link applies now (ramps, holds) and the operator's master gain.
    if (motion) {
        const QString cue = l.toString(motion->cueGain * 100.0, 'f', 0);
        const QString master = l.toString(motion->masterGain, 'f', 2);
        setItem(m_gains, tr("Cues %1 % × master %2").arg(cue, master),
                tr("%1 % × %2").arg(cue, master), plainItem(),
                tr("The cue gain the link applies now (0 % while held, stale or stopped; ramps "
                   "in over 2 s) times the master gain of the cueing settings."));
    } else {
        setItem(m_gains, QString(), QString(), plainItem(), QString());
    }

    // Each running link with a rate to watch, in the registry's order.
    QStringList standIns, actsAlone;
    for (const LinkDescriptor &d : m_station->registry().all()) {
        if (d.hasEmulator() && m_station->isEmulatorRunning(d.name)) {
            standIns << linkTitle(d);
            if (d.standInActsAlone)
                actsAlone << QCoreApplication::translate("LinkStandIn", d.standInActsAlone);
        }
        Worker *w = d.liveRate ? m_station->worker(d.name) : nullptr;
        if (!w) {
            if (Item *gone = m_links.contains(d.name) ? &m_links[d.name] : nullptr) {
                gone->full.clear();
                gone->label->hide();
            }
            continue;
        }
        Item &item = m_links[d.name];
        if (!item.label) {
            item.label = new QLabel;
            item.label->setObjectName(QStringLiteral("stripRate_") + d.name);
            item.label->setTextFormat(Qt::PlainText);
            item.label->setMinimumWidth(1);
            m_linksLayout->addWidget(item.label);
        }
        const double rate =
            rateOf(d.name, d.liveRate->counter,
                   w->counters().value(QLatin1String(d.liveRate->counter)).toDouble());
        const QString figure = rate < 0 ? QStringLiteral("…") : l.toString(rate, 'f', 0);
        const RateLimit::Level level = rate < 0 ? RateLimit::Level::Good : d.liveRate->level(rate);
        setItem(item, tr("%1 %2/s").arg(linkTitle(d), figure), QStringLiteral("● %1").arg(figure),
                plainItem(levelColour(level)),
                tr("%1: %2 a second; a healthy rig has %3 or more (the rig check's limit)")
                    .arg(linkTitle(d), figure, l.toString(d.liveRate->goodAtLeast, 'f', 0)));
    }

    // The pilot: the device the motion link sees, and its enabling button.
    QString pilot;
    const char *pilotColour = nullptr;
    if (motion && motion->enabling != MotionStatus::Enabling::None) {
        const bool held = motion->enabling == MotionStatus::Enabling::Held;
        pilot = held ? tr("enabling held") : tr("enabling released");
        pilotColour = held ? "#1e8449" : "#c0392b";
    }
    if (const Worker *w =
            m_station->linkThat([](const LinkDescriptor &d) { return bool(d.pilotOut); })) {
        const QJsonObject c = w->counters();
        const QString device = c.value(QLatin1String("active")).toBool()
                                   ? c.value(QLatin1String("device")).toString()
                                   : tr("no device");
        pilot = pilot.isEmpty() ? device : tr("%1, %2").arg(device, pilot);
    }
    setItem(m_pilot, pilot.isEmpty() ? QString() : tr("Pilot: %1").arg(pilot), tr("Pilot"),
            plainItem(pilotColour), tr("Pilot: %1").arg(pilot));

    // Recording: the session folder is being written, or why not.
    const QJsonObject rec = m_station->recorderCounters();
    if (rec.isEmpty())
        setItem(m_recording, QString(), QString(), plainItem(), QString());
    else if (rec.value(QLatin1String("recording")).toBool()) // false while writes fail
        setItem(m_recording, tr("● Recording"), QStringLiteral("●"), plainItem("#c0392b"),
                tr("Recording to %1").arg(QDir::toNativeSeparators(m_station->sessionFolder())));
    else
        setItem(m_recording, tr("Not recording: the session folder cannot be written"),
                tr("Not recording"), pill("#c0392b"),
                tr("Check the disk and the folder %1; the Session panel has the details.")
                    .arg(QDir::toNativeSeparators(m_station->sessionFolder())));

    // A stand-in that acts by itself (a flight nobody flew): the mark says "demo" too.
    setItem(m_standIns,
            standIns.isEmpty()    ? QString()
            : actsAlone.isEmpty() ? tr("STAND-INS")
                                  : tr("STAND-INS · DEMO"),
            tr("STAND-INS"), pill("#f4d03f", "#4d3800"),
            (tr("Built-in stand-ins play %1: no real peer, and their figures are not a rig's.")
                 .arg(standIns.join(QStringLiteral(", "))) +
             QLatin1Char(' ') + actsAlone.join(QLatin1Char(' ')))
                .trimmed());
    fit();
}

QSize RigStrip::minimumSizeHint() const
{
    // The safety items and the stand-ins mark whole, on two lines; everything else may shorten or
    // go. Wider than this, and the toolbar would move the whole strip into its overflow menu.
    return QSize(neededWidth(kLevels - 1), QWidget::minimumSizeHint().height());
}

RigStrip::Shape RigStrip::shapeAt(Part part, int level)
{
    // The one rule of the strip's shapes, read by arrange(), applyShortening() and
    // neededWidth(). One line down to level 4, then the safety items first and the stand-ins
    // mark and recording on a second line (level 5), the loop guard joining them (6). Texts
    // shorten from level 1 (recording, gains, pilot), 2 (the links), 3 (the stand-ins mark loses
    // "· DEMO"); gains and pilot go at 3, the links at 4. The mode, the STOP latch and the loop
    // guard never shorten or go.
    Shape s;
    switch (part) {
    case Part::Mode:
    case Part::Stop:
        break;
    case Part::Guard:
        s.line = level >= 6 ? 1 : 0;
        break;
    case Part::Gains:
    case Part::Pilot:
        s.shortened = level >= 1;
        s.hidden = level >= 3;
        break;
    case Part::Link:
        s.shortened = level >= 2;
        s.hidden = level >= 4;
        break;
    case Part::Recording:
        s.line = level >= 5 ? 1 : 0;
        s.shortened = level >= 1;
        break;
    case Part::StandIns:
        s.line = level >= 5 ? 1 : 0;
        s.shortened = level >= 3;
        break;
    }
    return s;
}

void RigStrip::arrange(int level)
{
    int lines = 1, key = 0; // key: each part's line, one bit each
    for (int p = 0; p < kParts; ++p) {
        const int line = shapeAt(Part(p), level).line;
        lines = std::max(lines, line + 1);
        key |= line << p;
    }
    if (key == m_arranged)
        return;
    m_arranged = key;
    for (QHBoxLayout *row : m_rows)
        while (QLayoutItem *item = row->takeAt(0))
            delete item; // a widget's item or the stretch: the widgets stay ours
    const auto row = [&](Part p) { return m_rows[shapeAt(p, level).line]; };
    row(Part::Mode)->addWidget(m_mode.label);
    row(Part::Stop)->addWidget(m_stop.label);
    row(Part::Guard)->addWidget(m_guard.label);
    row(Part::Gains)->addWidget(m_gains.label);
    row(Part::Link)->addWidget(m_linksBox);
    row(Part::Pilot)->addWidget(m_pilot.label);
    row(Part::Recording)->addWidget(m_recording.label);
    m_rows[0]->addStretch(1);
    if (lines == 2)
        m_rows[1]->addStretch(1);
    row(Part::StandIns)->addWidget(m_standIns.label); // at the right end of its line
    updateGeometry(); // two lines are taller: the toolbar takes the new height
}

void RigStrip::applyShortening(int level)
{
    m_shortening = level;
    arrange(level);
    auto show = [level](Item &item, Part part) {
        if (!item.label)
            return;
        const Shape s = shapeAt(part, level);
        const QString text = s.shortened && !item.shortText.isEmpty() ? item.shortText : item.full;
        if (item.label->text() != text)
            item.label->setText(text);
        item.label->setVisible(!item.full.isEmpty() && !s.hidden);
    };
    show(m_mode, Part::Mode);
    show(m_stop, Part::Stop);
    show(m_guard, Part::Guard);
    show(m_standIns, Part::StandIns);
    show(m_recording, Part::Recording);
    show(m_gains, Part::Gains);
    show(m_pilot, Part::Pilot);
    for (Item &i : m_links)
        show(i, Part::Link);
}

int RigStrip::neededWidth(int level) const
{
    // Measured from the texts themselves: the layout's own size hints lag behind a new text by
    // an event loop pass (a nested widget's hint is cached until its layout request runs).
    struct Line
    {
        int width = 0, items = 0;
    } lines[2];
    auto add = [&](const Item &item, Part part) {
        const Shape s = shapeAt(part, level);
        if (!item.label || item.full.isEmpty() || s.hidden)
            return;
        const QString &text = s.shortened && !item.shortText.isEmpty() ? item.shortText : item.full;
        lines[s.line].width += item.label->fontMetrics().horizontalAdvance(text) + kItemPadding;
        ++lines[s.line].items;
    };
    add(m_mode, Part::Mode);
    add(m_stop, Part::Stop);
    add(m_guard, Part::Guard);
    add(m_gains, Part::Gains);
    for (const Item &i : m_links)
        add(i, Part::Link);
    add(m_pilot, Part::Pilot);
    add(m_recording, Part::Recording);
    add(m_standIns, Part::StandIns);
    const int spacing = m_rows[0]->spacing();
    const QMargins margins = layout()->contentsMargins();
    auto lineWidth = [&](const Line &l) { return l.width + std::max(0, l.items - 1) * spacing; };
    return margins.left() + margins.right() + std::max(lineWidth(lines[0]), lineWidth(lines[1]));
}

void RigStrip::fit()
{
    // The widest arrangement that fits.
    int level = 0;
    while (level < kLevels - 1 && neededWidth(level) > width())
        ++level;
    applyShortening(level);
}

void RigStrip::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fit();
}

void RigStrip::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        refresh();
    QWidget::changeEvent(event);
}

} // namespace hil
