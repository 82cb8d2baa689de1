#include "ui/panels/pilotsetupdialog.h"

#include "core/post.h"
#include "input/pilotlink.h"
#include "station/station.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPainter>
#include <QPushButton>
#include <QStackedWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <cmath>

namespace hil {

namespace {

constexpr int kPollMs = 33;          ///< the live picture's rate (~30 Hz)
constexpr double kMoved = 0.5;       ///< an axis moved this far from its start (raw) is "the one"
constexpr double kFullTravel = 0.25; ///< less than this either side of centre: not moved

/// The controls in the order the wizard asks for them.
const char *const kControlNames[4] = {QT_TRANSLATE_NOOP("hil::PilotSetupDialog", "roll"),
                                      QT_TRANSLATE_NOOP("hil::PilotSetupDialog", "pitch"),
                                      QT_TRANSLATE_NOOP("hil::PilotSetupDialog", "yaw"),
                                      QT_TRANSLATE_NOOP("hil::PilotSetupDialog", "throttle")};

const char *const kAxisPrompts[4] = {
    QT_TRANSLATE_NOOP("hil::PilotSetupDialog",
                      "Move the stick you use for <b>roll</b> fully to the <b>right</b>, then "
                      "let it return to the centre."),
    QT_TRANSLATE_NOOP("hil::PilotSetupDialog",
                      "Push the stick you use for <b>pitch</b> fully <b>forward</b> (away from "
                      "you), then let it return to the centre."),
    QT_TRANSLATE_NOOP("hil::PilotSetupDialog",
                      "Move the stick or pedals you use for <b>yaw</b> (rudder) fully to the "
                      "<b>right</b>, then let it return to the centre."),
    QT_TRANSLATE_NOOP("hil::PilotSetupDialog",
                      "Put the <b>throttle</b> at idle, then move it to <b>full</b>.")};

struct ButtonPrompt
{
    int action; ///< PilotAction, or 0: the enabling button
    const char *text;
};
const ButtonPrompt kButtonPrompts[] = {
    {PilotStop, QT_TRANSLATE_NOOP("hil::PilotSetupDialog",
                                  "Press the button for <b>STOP</b> (the platform's stop).")},
    {0, QT_TRANSLATE_NOOP("hil::PilotSetupDialog",
                          "Press the <b>enabling</b> (dead-man) button: the platform's cues pass "
                          "only while it is held.")},
    {PilotArm, QT_TRANSLATE_NOOP("hil::PilotSetupDialog", "Press the button for <b>arm</b>.")},
    {PilotDisarm,
     QT_TRANSLATE_NOOP("hil::PilotSetupDialog", "Press the button for <b>disarm</b>.")},
    {PilotTakeoff,
     QT_TRANSLATE_NOOP("hil::PilotSetupDialog", "Press the button for <b>take-off</b>.")},
    {PilotLand, QT_TRANSLATE_NOOP("hil::PilotSetupDialog", "Press the button for <b>land</b>.")},
    {PilotReturn,
     QT_TRANSLATE_NOOP("hil::PilotSetupDialog", "Press the button for <b>return</b>.")},
    {PilotHold, QT_TRANSLATE_NOOP("hil::PilotSetupDialog", "Press the button for <b>hold</b>.")},
};
constexpr int kButtonSteps = int(sizeof kButtonPrompts / sizeof kButtonPrompts[0]);

double rounded(double v)
{
    return std::round(v * 10000.0) / 10000.0;
}

QLabel *wrapped(const QString &text = {})
{
    auto *l = new QLabel(text);
    l->setWordWrap(true);
    l->setTextFormat(Qt::RichText);
    return l;
}

} // namespace

// --- the live picture ---------------------------------------------------------------------------

PilotAxesView::PilotAxesView(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("pilotAxesView"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Minimum);
}

void PilotAxesView::setValues(const std::vector<double> &values)
{
    const bool resized = values.size() != m_values.size();
    m_values = values;
    if (resized)
        updateGeometry();
    update();
}

void PilotAxesView::setRange(const std::vector<double> &min, const std::vector<double> &center,
                             const std::vector<double> &max)
{
    m_min = min;
    m_center = center;
    m_max = max;
    update();
}

void PilotAxesView::setLabels(const QStringList &labels)
{
    m_labels = labels;
    update();
}

QSize PilotAxesView::sizeHint() const
{
    const int row = fontMetrics().height() + 8;
    return {420, int(std::max<std::size_t>(m_values.size(), 1)) * row + 4};
}

QSize PilotAxesView::minimumSizeHint() const
{
    return {240, sizeHint().height()};
}

void PilotAxesView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const QFontMetrics fm = fontMetrics();
    const int row = fm.height() + 8;
    const int labelW = fm.horizontalAdvance(tr("Axis %1").arg(88)) + 8;
    int tagW = fm.horizontalAdvance(QStringLiteral("throttle")) + 8;
    for (const QString &label : m_labels)
        tagW = std::max(tagW, fm.horizontalAdvance(label) + 8);
    const int x0 = labelW, w = std::max(40, width() - labelW - tagW);
    const auto xOf = [&](double v) { return x0 + int((std::clamp(v, -1.0, 1.0) + 1.0) / 2 * w); };
    const QPalette pal = palette();
    if (m_values.empty()) {
        p.drawText(rect(), Qt::AlignCenter, tr("No reading from the device yet"));
        return;
    }
    // Numbered from 1, as the Pilot panel and the docs count them (the map file keeps 0-based).
    for (std::size_t i = 0; i < m_values.size(); ++i) {
        const int y = int(i) * row + 2;
        const QRect bar(x0, y + 3, w, row - 6);
        p.setPen(pal.color(QPalette::WindowText));
        p.drawText(QRect(0, y, labelW - 4, row), Qt::AlignVCenter | Qt::AlignRight,
                   tr("Axis %1").arg(i + 1));
        p.fillRect(bar, pal.color(QPalette::Base));
        // The recorded range, light; the value, from the centre line, strong.
        if (i < m_min.size() && i < m_max.size() && m_max[i] > m_min[i])
            p.fillRect(QRect(QPoint(xOf(m_min[i]), bar.top()), QPoint(xOf(m_max[i]), bar.bottom())),
                       pal.color(QPalette::Highlight).lighter(170));
        const int mid = xOf(0.0), v = xOf(m_values[i]);
        p.fillRect(QRect(QPoint(std::min(mid, v), bar.top() + 2),
                         QPoint(std::max(mid, v), bar.bottom() - 2)),
                   pal.color(QPalette::Highlight));
        p.setPen(pal.color(QPalette::Mid));
        p.drawRect(bar);
        p.drawLine(mid, bar.top(), mid, bar.bottom());
        if (i < m_center.size()) {
            p.setPen(QPen(Qt::darkGreen, 2));
            const int c = xOf(m_center[i]);
            p.drawLine(c, bar.top() - 2, c, bar.bottom() + 2);
        }
        p.setPen(pal.color(QPalette::WindowText));
        if (int(i) < m_labels.size())
            p.drawText(QRect(x0 + w + 8, y, tagW, row), Qt::AlignVCenter | Qt::AlignLeft,
                       m_labels[int(i)]);
    }
}

// --- the wizard ---------------------------------------------------------------------------------

PilotSetupDialog::PilotSetupDialog(Station *station, QWidget *parent)
    : QDialog(parent), m_station(station)
{
    setObjectName(QStringLiteral("pilotSetupDialog"));
    setWindowTitle(tr("Pilot device set-up"));
    // The link that produces the pilot's controls (its descriptor's pilotOut): the input link.
    m_link = qobject_cast<input::PilotLink *>(
        station->linkThat([](const LinkDescriptor &d) { return bool(d.pilotOut); }));
    m_path = station->options().links.get<QString>(QStringLiteral("pilot-map"),
                                                   input::defaultPilotMapPath());
    if (QFileInfo::exists(m_path)) {
        if (auto f = input::readPilotMap(m_path, &m_fileError))
            m_file = *f;
    }
    build();
    m_timer = new QTimer(this);
    m_timer->setInterval(kPollMs);
    connect(m_timer, &QTimer::timeout, this, &PilotSetupDialog::poll);
    m_timer->start();
    refreshDevices();
    goTo(PageDevice);
}

PilotSetupDialog::~PilotSetupDialog()
{
    release(); // closed without done() (the window went away): as Cancel
}

void PilotSetupDialog::build()
{
    auto *root = new QVBoxLayout(this);
    m_title = new QLabel;
    m_title->setObjectName(QStringLiteral("pilotSetupTitle"));
    QFont big = m_title->font();
    big.setBold(true);
    big.setPointSizeF(big.pointSizeF() * 1.2);
    m_title->setFont(big);
    root->addWidget(m_title);

    m_pages = new QStackedWidget;
    // Device
    {
        auto *w = new QWidget;
        auto *l = new QVBoxLayout(w);
        l->addWidget(wrapped(
            tr("Choose the device to set up. While the set-up runs, the device's sticks and "
               "buttons are <b>not used</b> (the link reports no pilot); they are used again "
               "only after Finish, or, for a device calibrated before, after Cancel. For a "
               "stick and a separate throttle, set up each device in turn: their controls are "
               "combined.")));
        m_devices = new QComboBox;
        m_devices->setObjectName(QStringLiteral("pilotDeviceCombo"));
        l->addWidget(m_devices);
        l->addStretch();
        m_pages->addWidget(w);
    }
    // Centre
    {
        auto *w = new QWidget;
        auto *l = new QVBoxLayout(w);
        l->addWidget(wrapped(tr("Centre all sticks and let go of them; put the throttle where "
                                "it rests. Then press Next.")));
        m_centreNote = wrapped();
        l->addWidget(m_centreNote);
        l->addStretch();
        m_pages->addWidget(w);
    }
    // Ends
    {
        auto *w = new QWidget;
        auto *l = new QVBoxLayout(w);
        l->addWidget(wrapped(tr("Move <b>every</b> axis to both ends, a few times (sticks in "
                                "circles, the throttle and any slider from end to end). Then "
                                "press Next.")));
        m_endsNote = wrapped();
        m_endsNote->setObjectName(QStringLiteral("pilotEndsNote"));
        l->addWidget(m_endsNote);
        l->addStretch();
        m_pages->addWidget(w);
    }
    // Axes
    {
        auto *w = new QWidget;
        auto *l = new QVBoxLayout(w);
        m_axisPrompt = wrapped();
        m_axisPrompt->setObjectName(QStringLiteral("pilotAxisPrompt"));
        l->addWidget(m_axisPrompt);
        m_axisFound = wrapped();
        m_axisFound->setObjectName(QStringLiteral("pilotAxisFound"));
        l->addWidget(m_axisFound);
        auto *presets = new QHBoxLayout;
        presets->addWidget(new QLabel(tr("Or take a preset for a gamepad-layout device:")));
        for (int mode : {1, 2}) {
            auto *b = new QPushButton(tr("Mode %1").arg(mode));
            b->setObjectName(QStringLiteral("pilotMode%1Button").arg(mode));
            b->setToolTip(mode == 1 ? tr("Left stick: yaw and pitch; right stick: roll and "
                                         "throttle")
                                    : tr("Left stick: yaw and throttle; right stick: roll and "
                                         "pitch"));
            connect(b, &QPushButton::clicked, this, [this, mode] { applyPreset(mode); });
            presets->addWidget(b);
        }
        presets->addStretch();
        l->addLayout(presets);
        l->addStretch();
        m_pages->addWidget(w);
    }
    // Tuning
    {
        auto *w = new QWidget;
        auto *l = new QVBoxLayout(w);
        l->addWidget(wrapped(tr("Dead-band: how far a stick may move from the centre before it "
                                "counts. Expo: softer around the centre (0 linear, 1 cubic). "
                                "Watch the result below.")));
        auto *form = new QFormLayout;
        const auto spin = [](const char *name, double max, double value) {
            auto *s = new QDoubleSpinBox;
            s->setObjectName(QLatin1String(name));
            s->setRange(0.0, max);
            s->setSingleStep(0.01);
            s->setDecimals(2);
            s->setValue(value);
            return s;
        };
        m_deadband = spin("pilotDeadbandSpin", 0.5, 0.03);
        m_expo = spin("pilotExpoSpin", 1.0, 0.0);
        m_throttleDeadband = spin("pilotThrottleDeadbandSpin", 0.5, 0.0);
        form->addRow(tr("Stick dead-band"), m_deadband);
        form->addRow(tr("Stick expo"), m_expo);
        form->addRow(tr("Throttle dead-band"), m_throttleDeadband);
        l->addLayout(form);
        m_preview = new QLabel;
        m_preview->setObjectName(QStringLiteral("pilotPreview"));
        m_preview->setTextFormat(Qt::PlainText);
        l->addWidget(m_preview);
        l->addStretch();
        m_pages->addWidget(w);
    }
    // Buttons
    {
        auto *w = new QWidget;
        auto *l = new QVBoxLayout(w);
        m_buttonPrompt = wrapped();
        m_buttonPrompt->setObjectName(QStringLiteral("pilotButtonPrompt"));
        l->addWidget(m_buttonPrompt);
        m_buttonFound = wrapped();
        l->addWidget(m_buttonFound);
        m_buttonsHeld = new QLabel;
        m_buttonsHeld->setObjectName(QStringLiteral("pilotButtonsHeld"));
        l->addWidget(m_buttonsHeld);
        l->addStretch();
        m_pages->addWidget(w);
    }
    // Done
    {
        auto *w = new QWidget;
        auto *l = new QVBoxLayout(w);
        m_summary = wrapped();
        m_summary->setObjectName(QStringLiteral("pilotSummary"));
        m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
        m_summary->setAlignment(Qt::AlignLeft | Qt::AlignTop);
        // Its lines are known only at this step: the label takes the page's height (a stretch
        // below it would leave it the one line it had when the pages were laid out).
        m_summary->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Expanding);
        l->addWidget(m_summary);
        m_pages->addWidget(w);
    }
    root->addWidget(m_pages);

    m_view = new PilotAxesView;
    root->addWidget(m_view);
    m_status = wrapped();
    m_status->setObjectName(QStringLiteral("pilotSetupStatus"));
    root->addWidget(m_status);

    auto *buttons = new QHBoxLayout;
    const auto button = [&](const QString &text, const char *name) {
        auto *b = new QPushButton(text);
        b->setObjectName(QLatin1String(name));
        b->setAutoDefault(false);
        return b;
    };
    m_back = button(tr("< Back"), "pilotBackButton");
    m_skip = button(tr("Skip"), "pilotSkipButton");
    m_next = button(tr("Next >"), "pilotNextButton");
    m_finish = button(tr("Finish"), "pilotFinishButton");
    m_cancel = button(tr("Cancel"), "pilotCancelButton");
    buttons->addWidget(m_back);
    buttons->addStretch();
    buttons->addWidget(m_skip);
    buttons->addWidget(m_next);
    buttons->addWidget(m_finish);
    buttons->addWidget(m_cancel);
    root->addLayout(buttons);
    connect(m_back, &QPushButton::clicked, this, &PilotSetupDialog::back);
    connect(m_skip, &QPushButton::clicked, this, &PilotSetupDialog::skip);
    connect(m_next, &QPushButton::clicked, this, &PilotSetupDialog::next);
    connect(m_finish, &QPushButton::clicked, this, &PilotSetupDialog::finish);
    connect(m_cancel, &QPushButton::clicked, this, &QDialog::reject);
    for (QDoubleSpinBox *s : {m_deadband, m_expo, m_throttleDeadband})
        connect(s, &QDoubleSpinBox::valueChanged, this, &PilotSetupDialog::updatePreview);
}

int PilotSetupDialog::page() const
{
    return m_pages->currentIndex();
}

void PilotSetupDialog::refreshDevices()
{
    if (!m_link) {
        m_status->setText(tr("The pilot input link is not running: start the program with "
                             "--pilot joystick to set up a device."));
        return;
    }
    const QString current = m_devices->currentData().toString();
    QStringList ids;
    for (const input::PilotDeviceInfo &d : m_link->devices())
        ids << d.id;
    QStringList had;
    for (int i = 0; i < m_devices->count(); ++i)
        had << m_devices->itemData(i).toString();
    if (ids == had)
        return;
    m_devices->clear();
    for (const input::PilotDeviceInfo &d : m_link->devices()) {
        const bool known = m_file.find(d.id).has_value();
        m_devices->addItem(QStringLiteral("%1 — %2%3")
                               .arg(d.name, d.id, known ? tr(" (set up before)") : QString()),
                           d.id);
    }
    const int keep = m_devices->findData(current);
    if (keep >= 0)
        m_devices->setCurrentIndex(keep);
    updatePage();
}

void PilotSetupDialog::poll()
{
    if (page() == PageDevice) {
        refreshDevices();
        return;
    }
    if (!m_link || m_deviceId.isEmpty())
        return;
    const std::optional<PilotSample> s = m_link->latestSample(m_deviceId);
    if (!s)
        return;
    const bool first = !m_haveSample;
    m_sample = *s;
    m_haveSample = true;
    const std::size_t n = m_sample.axes.size();
    if (first || m_center.size() != n) {
        m_center.assign(n, 0.0);
        m_min = m_max = m_sample.axes;
        m_stepStart = m_sample.axes;
    }
    m_view->setValues(m_sample.axes);
    switch (page()) {
    case PageEnds:
        for (std::size_t i = 0; i < n; ++i) {
            m_min[i] = std::min(m_min[i], m_sample.axes[i]);
            m_max[i] = std::max(m_max[i], m_sample.axes[i]);
        }
        m_view->setRange(m_min, m_center, m_max);
        break;
    case PageAxes: {
        // The axis that moved most from where it was when this step began, among those no
        // other control has.
        if (m_detected >= 0)
            break; // found: its direction stays as it was first seen
        int best = -1;
        double bestMove = kMoved;
        for (std::size_t i = 0; i < n; ++i) {
            bool taken = false;
            for (int c = 0; c < m_axisStep; ++c)
                taken = taken || m_axes[c].axis == int(i);
            const double move = m_sample.axes[i] - m_stepStart[i];
            if (!taken && std::abs(move) > bestMove) {
                bestMove = std::abs(move);
                best = int(i);
                m_detectedReverse = move < 0;
            }
        }
        if (best >= 0) {
            m_detected = best;
            updatePage();
        }
        break;
    }
    case PageButtons: {
        const std::uint64_t down = m_sample.buttons & ~m_buttonsAtStart;
        if (down && m_detected < 0) {
            int b = 0;
            while (!((down >> unsigned(b)) & 1u))
                ++b;
            m_detected = b;
            updatePage();
        }
        m_buttonsAtStart &= m_sample.buttons; // a button released may be pressed anew
        QStringList held;
        for (int b = 0; b < 64; ++b)
            if ((m_sample.buttons >> unsigned(b)) & 1u)
                held << QString::number(b);
        m_buttonsHeld->setText(
            tr("Held now: %1").arg(held.isEmpty() ? tr("none") : held.join(QStringLiteral(", "))));
        break;
    }
    case PageTuning:
        updatePreview();
        break;
    default:
        break;
    }
    if (first)
        updatePage();
}

void PilotSetupDialog::startDevice()
{
    m_deviceId = m_devices->currentData().toString();
    m_deviceName = m_devices->currentText().section(QStringLiteral(" — "), 0, 0);
    const std::optional<input::DeviceMap> before = m_file.find(m_deviceId);
    m_hadCalibration = before.has_value();
    m_haveSample = false;
    m_sample = {};
    m_center.clear();
    for (input::AxisMap &a : m_axes)
        a = {};
    m_buttons.clear();
    m_enabling = -1;
    if (before) {
        const input::AxisMap *b[4] = {&before->roll, &before->pitch, &before->yaw,
                                      &before->throttle};
        m_deadband->setValue(b[0]->axis >= 0 ? b[0]->deadband : 0.03);
        m_expo->setValue(b[0]->axis >= 0 ? b[0]->expo : 0.0);
        m_throttleDeadband->setValue(b[3]->axis >= 0 ? b[3]->deadband : 0.0);
    }
    if (m_link) {
        const QString id = m_deviceId;
        QPointer<input::PilotLink> link = m_link;
        postTo(link, [link, id] { link->holdDevice(id, true); });
        m_holding = true;
    }
}

void PilotSetupDialog::goTo(int p)
{
    m_pages->setCurrentIndex(p);
    m_detected = -1;
    if (p == PageAxes || p == PageButtons) {
        m_stepStart = m_sample.axes;
        m_buttonsAtStart = m_sample.buttons;
    }
    updatePage();
}

void PilotSetupDialog::next()
{
    switch (page()) {
    case PageDevice:
        if (m_devices->currentIndex() < 0)
            return;
        startDevice();
        goTo(PageCentre);
        return;
    case PageCentre:
        m_center = m_sample.axes;
        m_min = m_max = m_center;
        m_view->setRange(m_min, m_center, m_max);
        goTo(PageEnds);
        return;
    case PageEnds:
        m_axisStep = 0;
        goTo(PageAxes);
        return;
    case PageAxes:
        if (m_detected >= 0) {
            const bool stick = m_axisStep < 3;
            m_axes[m_axisStep] = calibrated(m_detected, stick);
            m_axes[m_axisStep].reverse = m_detectedReverse;
        }
        if (++m_axisStep < 4)
            goTo(PageAxes);
        else
            goTo(PageTuning);
        return;
    case PageTuning:
        m_buttonStep = 0;
        goTo(PageButtons);
        return;
    case PageButtons:
        if (m_detected >= 0) {
            const int action = kButtonPrompts[m_buttonStep].action;
            if (action == 0)
                m_enabling = m_detected;
            else
                m_buttons.push_back({m_detected, PilotAction(action)});
        }
        if (++m_buttonStep < kButtonSteps)
            goTo(PageButtons);
        else
            goTo(PageDone);
        return;
    default:
        return;
    }
}

void PilotSetupDialog::skip()
{
    // Skipping a step leaves that control or action unmapped.
    m_detected = -1;
    if (page() == PageAxes) {
        m_axes[m_axisStep] = {};
        next();
    } else if (page() == PageButtons) {
        next();
    }
}

void PilotSetupDialog::back()
{
    if ((page() == PageAxes || page() == PageButtons) && m_detected >= 0) {
        goTo(page()); // the same step again: what was found is forgotten
        return;
    }
    switch (page()) {
    case PageCentre: // back to the choice: the device is released (or kept held) as on Cancel
        release();
        m_deviceId.clear();
        goTo(PageDevice);
        return;
    case PageAxes:
        if (m_axisStep > 0) {
            m_axes[--m_axisStep] = {};
            goTo(PageAxes);
            return;
        }
        goTo(PageEnds);
        return;
    case PageButtons:
        m_buttons.clear();
        m_enabling = -1;
        goTo(PageTuning);
        return;
    case PageDone:
        m_buttonStep = 0;
        m_buttons.clear();
        m_enabling = -1;
        goTo(PageButtons);
        return;
    default:
        if (page() > PageDevice)
            goTo(page() - 1);
    }
}

void PilotSetupDialog::applyPreset(int mode)
{
    // SDL's gamepad layout (docs/connecting.md): 0 left X, 1 left Y, 2 right X, 3 right Y; a
    // stick pushed away reads −1. The axes measured above are kept as calibration.
    const input::DeviceMap preset = input::defaultMap(input::DeviceKind::Gamepad, mode);
    const input::AxisMap *p[4] = {&preset.roll, &preset.pitch, &preset.yaw, &preset.throttle};
    for (int c = 0; c < 4; ++c) {
        m_axes[c] = {};
        if (p[c]->axis < int(m_sample.axes.size())) {
            m_axes[c] = calibrated(p[c]->axis, c < 3);
            m_axes[c].reverse = p[c]->reverse;
        }
    }
    goTo(PageTuning);
}

input::AxisMap PilotSetupDialog::calibrated(int axis, bool stick) const
{
    input::AxisMap a;
    a.axis = axis;
    const std::size_t i = std::size_t(axis);
    if (i < m_center.size()) {
        a.min = rounded(m_min[i]);
        a.max = rounded(m_max[i]);
        a.center = rounded(m_center[i]);
    }
    // An axis not moved across most of its travel keeps the full raw range; a stick whose
    // centre is not well inside its range is centred between its ends (the file requires
    // min < center < max).
    if (a.max - a.min < 2 * kFullTravel) {
        a.min = -1.0;
        a.max = 1.0;
    }
    if (stick && !(a.min + 0.05 < a.center && a.center < a.max - 0.05))
        a.center = rounded((a.min + a.max) / 2);
    return a;
}

input::DeviceMap PilotSetupDialog::mapping() const
{
    input::DeviceMap m;
    m.axesGiven = true;
    m.name = m_deviceName;
    input::AxisMap *out[4] = {&m.roll, &m.pitch, &m.yaw, &m.throttle};
    for (int c = 0; c < 4; ++c) {
        *out[c] = m_axes[c];
        if (out[c]->axis < 0)
            continue;
        out[c]->deadband = c < 3 ? m_deadband->value() : m_throttleDeadband->value();
        out[c]->expo = c < 3 ? m_expo->value() : 0.0;
    }
    m.buttons = m_buttons;
    m.enablingButton = m_enabling;
    return m;
}

void PilotSetupDialog::updatePreview()
{
    if (!m_haveSample)
        return;
    const input::DeviceMap m = mapping();
    m_preview->setText(
        tr("Now: roll %1  pitch %2  yaw %3  throttle %4")
            .arg(QLocale().toString(input::PilotMapper::stick(m.roll, m_sample.axes), 'f', 2),
                 QLocale().toString(input::PilotMapper::stick(m.pitch, m_sample.axes), 'f', 2),
                 QLocale().toString(input::PilotMapper::stick(m.yaw, m_sample.axes), 'f', 2),
                 QLocale().toString(input::PilotMapper::throttle(m.throttle, m_sample.axes), 'f',
                                    2)));
}

void PilotSetupDialog::updatePage()
{
    const int p = page();
    static const char *const titles[] = {QT_TR_NOOP("1. Device"), QT_TR_NOOP("2. Centre"),
                                         QT_TR_NOOP("3. Range"),  QT_TR_NOOP("4. Axes"),
                                         QT_TR_NOOP("5. Feel"),   QT_TR_NOOP("6. Buttons"),
                                         QT_TR_NOOP("7. Finish")};
    m_title->setText(tr(titles[p]));
    const bool waiting = p != PageDevice && !m_haveSample;
    m_back->setEnabled(p != PageDevice);
    m_skip->setVisible(p == PageAxes || p == PageButtons);
    m_next->setVisible(p != PageDone);
    m_next->setEnabled(!waiting && (p != PageDevice || m_devices->count() > 0));
    m_finish->setVisible(p == PageDone);
    m_view->setVisible(p != PageDevice);

    // Which control each axis drives, beside its bar.
    QStringList labels;
    for (std::size_t i = 0; i < m_sample.axes.size(); ++i) {
        QString tag;
        for (int c = 0; c < 4; ++c)
            if (m_axes[c].axis == int(i))
                tag = tr(kControlNames[c]) + (m_axes[c].reverse ? tr(" (rev.)") : QString());
        labels << tag;
    }
    m_view->setLabels(labels);

    QString status;
    if (!m_fileError.isEmpty())
        status = tr("The map file cannot be read (%1); Finish replaces it.").arg(m_fileError);
    if (waiting)
        status = tr("Waiting for the device's first reading…");
    else if (p != PageDevice)
        status = tr("<b>%1</b> is not used while it is being set up.").arg(m_deviceName);
    m_status->setText(status);

    switch (p) {
    case PageEnds: {
        QStringList still;
        for (std::size_t i = 0; i < m_center.size(); ++i)
            if (m_max[i] - m_min[i] < 2 * kFullTravel)
                still << QString::number(i + 1);
        m_endsNote->setText(
            still.isEmpty() ? QString()
                            : tr("Not moved yet: axis %1.").arg(still.join(QStringLiteral(", "))));
        break;
    }
    case PageAxes:
        m_axisPrompt->setText(tr(kAxisPrompts[m_axisStep]));
        m_axisFound->setText(m_detected < 0
                                 ? tr("Waiting for an axis to move… (Skip: %1 is not mapped)")
                                       .arg(tr(kControlNames[m_axisStep]))
                                 : tr("Found: %1 is axis %2%3. Next to keep it, Back to try again.")
                                       .arg(tr(kControlNames[m_axisStep]))
                                       .arg(m_detected + 1)
                                       .arg(m_detectedReverse ? tr(", reversed") : QString()));
        break;
    case PageButtons:
        m_buttonPrompt->setText(tr(kButtonPrompts[m_buttonStep].text));
        m_buttonFound->setText(m_detected < 0
                                   ? tr("Waiting for a button… (Skip: none)")
                                   : tr("Found: button %1. Next to keep it.").arg(m_detected + 1));
        break;
    case PageTuning:
        updatePreview();
        break;
    case PageDone: {
        const input::DeviceMap m = mapping();
        QStringList lines;
        const input::AxisMap *axes[4] = {&m.roll, &m.pitch, &m.yaw, &m.throttle};
        for (int c = 0; c < 4; ++c)
            lines << (axes[c]->axis < 0
                          ? tr("%1: not mapped").arg(tr(kControlNames[c]))
                          : tr("%1: axis %2%3")
                                .arg(tr(kControlNames[c]))
                                .arg(axes[c]->axis + 1)
                                .arg(axes[c]->reverse ? tr(", reversed") : QString()));
        for (const input::ButtonMap &b : m.buttons)
            lines << tr("button %1: %2").arg(b.button + 1).arg(input::actionName(b.action));
        if (m.enablingButton >= 0)
            lines << tr("button %1: enabling").arg(m.enablingButton + 1);
        m_summary->setText(tr("%1<br>Finish saves this for %2 (%3) in %4 and uses it at once.")
                               .arg(lines.join(QStringLiteral("<br>")),
                                    m_deviceName.toHtmlEscaped(), m_deviceId,
                                    m_path.toHtmlEscaped()));
        break;
    }
    default:
        break;
    }
}

void PilotSetupDialog::finish()
{
    // The file again as it is now (another device may have been saved since this opened).
    input::PilotMapFile file = m_file;
    QString error;
    if (QFileInfo::exists(m_path))
        if (auto now = input::readPilotMap(m_path, &error))
            file = *now;
    file.devices[m_deviceId.toLower()] = mapping();
    if (!input::writePilotMap(m_path, file, &error)) {
        m_status->setText(tr("Not saved: %1").arg(error.toHtmlEscaped()));
        return;
    }
    m_file = file;
    m_finished = true;
    if (m_link) {
        QPointer<input::PilotLink> link = m_link;
        const QString id = m_deviceId;
        // One queued call: the new mapping is in place before the device is used again.
        postTo(link, [link, file, id] {
            link->setMap(file);
            link->holdDevice(id, false);
        });
    }
    m_holding = false;
    accept();
}

void PilotSetupDialog::release()
{
    if (!m_holding || !m_link)
        return;
    m_holding = false;
    QPointer<input::PilotLink> link = m_link;
    const QString id = m_deviceId;
    // A device with no calibration before stays out of use: no half-finished mapping, and no
    // default guessed for a device its pilot started to set up.
    const bool keep = !m_hadCalibration;
    postTo(link, [link, id, keep] {
        if (keep)
            link->holdDevice(id, true, true);
        else
            link->holdDevice(id, false);
    });
}

void PilotSetupDialog::done(int result)
{
    if (result != QDialog::Accepted)
        release();
    m_timer->stop();
    QDialog::done(result);
}

} // namespace hil
