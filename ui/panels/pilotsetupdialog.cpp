#include "ui/panels/pilotsetupdialog.h"

#include "core/post.h"
#include "input/pilotlink.h"
#include "station/station.h"
#include "ui/panels/pilotaxesview.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QStackedWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <iterator>

namespace hil {

namespace {

using Calibration = input::PilotCalibration;
using Step = Calibration::Step;

constexpr int kPollMs = 33; ///< the live picture's rate (~30 Hz)

/// The controls in the order the wizard asks for them (PilotCalibration::Control).
const char *const kControlNames[Calibration::Controls] = {
    QT_TRANSLATE_NOOP("hil::PilotSetupDialog", "roll"),
    QT_TRANSLATE_NOOP("hil::PilotSetupDialog", "pitch"),
    QT_TRANSLATE_NOOP("hil::PilotSetupDialog", "yaw"),
    QT_TRANSLATE_NOOP("hil::PilotSetupDialog", "throttle")};

const char *const kAxisPrompts[Calibration::Controls] = {
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

/// The prompt for each of PilotCalibration::kButtonActions.
struct ButtonPrompt
{
    std::uint32_t action; ///< PilotAction, or 0: the enabling button
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
static_assert(std::size(kButtonPrompts) == Calibration::kButtonActions.size());

const char *buttonPrompt(std::uint32_t action)
{
    for (const ButtonPrompt &p : kButtonPrompts)
        if (p.action == action)
            return p.text;
    return "";
}

// The wizard's pages are the calibration's steps, in the same order.
static_assert(PilotSetupDialog::PageDevice == int(Step::Device) &&
              PilotSetupDialog::PageCentre == int(Step::Centre) &&
              PilotSetupDialog::PageEnds == int(Step::Ends) &&
              PilotSetupDialog::PageAxes == int(Step::Axes) &&
              PilotSetupDialog::PageTuning == int(Step::Feel) &&
              PilotSetupDialog::PageButtons == int(Step::Buttons) &&
              PilotSetupDialog::PageDone == int(Step::Done));

QLabel *wrapped(const QString &text = {})
{
    auto *l = new QLabel(text);
    l->setWordWrap(true);
    l->setTextFormat(Qt::RichText);
    return l;
}

} // namespace

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
    feelChanged();
    refreshDevices();
    showStep();
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
        connect(s, &QDoubleSpinBox::valueChanged, this, &PilotSetupDialog::feelChanged);
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
    const bool first = !m_calibration.haveSample();
    const bool found = m_calibration.feed(*s);
    m_view->setValues(m_calibration.axes());
    switch (page()) {
    case PageEnds:
        m_view->setRange(m_calibration.min(), m_calibration.center(), m_calibration.max());
        break;
    case PageAxes:
        if (found)
            updatePage();
        break;
    case PageButtons: {
        if (found)
            updatePage();
        QStringList held;
        for (int b = 0; b < 64; ++b)
            if ((m_calibration.buttons() >> unsigned(b)) & 1u)
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
    const std::optional<input::DeviceMap> before = m_file.find(m_deviceId);
    m_hadCalibration = before.has_value();
    m_calibration.start(m_devices->currentText().section(QStringLiteral(" — "), 0, 0));
    if (before) {
        const Calibration::Feel feel = Calibration::feelOf(*before);
        m_deadband->setValue(feel.stickDeadband);
        m_expo->setValue(feel.stickExpo);
        m_throttleDeadband->setValue(feel.throttleDeadband);
    }
    if (m_link) {
        const QString id = m_deviceId;
        QPointer<input::PilotLink> link = m_link;
        postTo(link, [link, id] { link->holdDevice(id, true); });
        m_holding = true;
    }
}

void PilotSetupDialog::showStep()
{
    m_pages->setCurrentIndex(int(m_calibration.step()));
    updatePage();
}

void PilotSetupDialog::next()
{
    switch (page()) {
    case PageDevice:
        if (m_devices->currentIndex() < 0)
            return;
        startDevice();
        break;
    case PageCentre:
        m_calibration.next();
        m_view->setRange(m_calibration.min(), m_calibration.center(), m_calibration.max());
        break;
    case PageDone:
        return;
    default:
        m_calibration.next();
    }
    showStep();
}

void PilotSetupDialog::skip()
{
    if (page() == PageAxes || page() == PageButtons) {
        m_calibration.skip();
        showStep();
    }
}

void PilotSetupDialog::back()
{
    if (page() == PageDevice)
        return;
    // Back to the choice: the device is released (or kept held) as on Cancel.
    if (page() == PageCentre) {
        release();
        m_deviceId.clear();
    }
    m_calibration.back();
    showStep();
}

void PilotSetupDialog::applyPreset(int mode)
{
    m_calibration.applyPreset(mode);
    showStep();
}

input::DeviceMap PilotSetupDialog::mapping() const
{
    return m_calibration.mapping();
}

void PilotSetupDialog::feelChanged()
{
    m_calibration.setFeel({m_deadband->value(), m_expo->value(), m_throttleDeadband->value()});
    updatePreview();
}

void PilotSetupDialog::updatePreview()
{
    if (!m_calibration.haveSample())
        return;
    const input::DeviceMap m = mapping();
    const std::vector<double> &axes = m_calibration.axes();
    m_preview->setText(
        tr("Now: roll %1  pitch %2  yaw %3  throttle %4")
            .arg(QLocale().toString(input::PilotMapper::stick(m.roll, axes), 'f', 2),
                 QLocale().toString(input::PilotMapper::stick(m.pitch, axes), 'f', 2),
                 QLocale().toString(input::PilotMapper::stick(m.yaw, axes), 'f', 2),
                 QLocale().toString(input::PilotMapper::throttle(m.throttle, axes), 'f', 2)));
}

void PilotSetupDialog::updatePage()
{
    const int p = page();
    static const char *const titles[] = {QT_TR_NOOP("1. Device"), QT_TR_NOOP("2. Centre"),
                                         QT_TR_NOOP("3. Range"),  QT_TR_NOOP("4. Axes"),
                                         QT_TR_NOOP("5. Feel"),   QT_TR_NOOP("6. Buttons"),
                                         QT_TR_NOOP("7. Finish")};
    m_title->setText(tr(titles[p]));
    const bool waiting = p != PageDevice && !m_calibration.haveSample();
    m_back->setEnabled(p != PageDevice);
    m_skip->setVisible(p == PageAxes || p == PageButtons);
    m_next->setVisible(p != PageDone);
    m_next->setEnabled(!waiting && (p != PageDevice || m_devices->count() > 0));
    m_finish->setVisible(p == PageDone);
    m_view->setVisible(p != PageDevice);

    // Which control each axis drives, beside its bar.
    QStringList labels;
    for (std::size_t i = 0; i < m_calibration.axes().size(); ++i) {
        QString tag;
        for (int c = 0; c < Calibration::Controls; ++c)
            if (m_calibration.control(c).axis == int(i))
                tag = tr(kControlNames[c]) +
                      (m_calibration.control(c).reverse ? tr(" (rev.)") : QString());
        labels << tag;
    }
    m_view->setLabels(labels);

    QString status;
    if (!m_fileError.isEmpty())
        status = tr("The map file cannot be read (%1); Finish replaces it.").arg(m_fileError);
    if (waiting)
        status = tr("Waiting for the device's first reading…");
    else if (p != PageDevice)
        status =
            tr("<b>%1</b> is not used while it is being set up.").arg(m_calibration.deviceName());
    m_status->setText(status);

    switch (p) {
    case PageEnds: {
        QStringList still;
        for (int i : m_calibration.axesNotMoved())
            still << QString::number(i + 1);
        m_endsNote->setText(
            still.isEmpty() ? QString()
                            : tr("Not moved yet: axis %1.").arg(still.join(QStringLiteral(", "))));
        break;
    }
    case PageAxes: {
        const int step = m_calibration.axisStep(), found = m_calibration.found();
        m_axisPrompt->setText(tr(kAxisPrompts[step]));
        m_axisFound->setText(
            found < 0 ? tr("Waiting for an axis to move… (Skip: %1 is not mapped)")
                            .arg(tr(kControlNames[step]))
                      : tr("Found: %1 is axis %2%3. Next to keep it, Back to try again.")
                            .arg(tr(kControlNames[step]))
                            .arg(found + 1)
                            .arg(m_calibration.foundReversed() ? tr(", reversed") : QString()));
        break;
    }
    case PageButtons: {
        const int found = m_calibration.found();
        m_buttonPrompt->setText(
            tr(buttonPrompt(Calibration::kButtonActions[std::size_t(m_calibration.buttonStep())])));
        m_buttonFound->setText(found < 0 ? tr("Waiting for a button… (Skip: none)")
                                         : tr("Found: button %1. Next to keep it.").arg(found + 1));
        break;
    }
    case PageTuning:
        updatePreview();
        break;
    case PageDone: {
        const input::DeviceMap m = mapping();
        QStringList lines;
        const input::AxisMap *axes[Calibration::Controls] = {&m.roll, &m.pitch, &m.yaw,
                                                             &m.throttle};
        for (int c = 0; c < Calibration::Controls; ++c)
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
                                    m_calibration.deviceName().toHtmlEscaped(), m_deviceId,
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
