#include "ui/panels/cueingeditor.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QVBoxLayout>

namespace hil {

namespace cueingeditor_detail {
QDoubleSpinBox *spin(double lo, double hi, double step, int decimals, const QString &name)
{
    auto *s = new QDoubleSpinBox;
    s->setRange(lo, hi);
    s->setSingleStep(step);
    s->setDecimals(decimals);
    s->setObjectName(name);
    s->setKeyboardTracking(false);
    return s;
}
} // namespace cueingeditor_detail
using cueingeditor_detail::spin;

CueingEditor::CueingEditor(QLabel *frame5Warning, QWidget *parent) : QGroupBox(parent)
{
    auto *v = new QVBoxLayout(this);
    auto *top = new QFormLayout;
    top->setRowWrapPolicy(QFormLayout::WrapLongRows);
    m_frame = new QComboBox;
    m_frame->setObjectName(QStringLiteral("cueFrameCombo"));
    m_frame->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_frame->setMinimumContentsLength(16);
    m_frame->addItem(QString(), 5);
    m_frame->addItem(QString(), 21);
    m_frame->addItem(QString(), 85);
    m_master = spin(0.0, 2.0, 0.05, 2, QStringLiteral("masterGainSpin"));
    m_frameLabel = new QLabel;
    m_masterLabel = new QLabel;
    top->addRow(m_frameLabel, m_frame);
    top->addRow(m_masterLabel, m_master);
    v->addLayout(top);
    v->addWidget(frame5Warning);
    connect(m_frame, qOverload<int>(&QComboBox::currentIndexChanged), this,
            &CueingEditor::frameChanged);

    QWidget *table = buildAxisTable();
    m_apply = new QPushButton;
    m_apply->setObjectName(QStringLiteral("applyCueingButton"));
    connect(m_apply, &QPushButton::clicked, this, &CueingEditor::applyClicked);
    auto *axisCheck = new QPushButton(tr("Axis check…"));
    axisCheck->setObjectName(QStringLiteral("axisCheckButton"));
    axisCheck->setToolTip(
        tr("Commissioning: a small test cue per axis; say which way the seat moved"));
    connect(axisCheck, &QPushButton::clicked, this, &CueingEditor::axisCheckClicked);
    m_export = new QPushButton;
    m_export->setObjectName(QStringLiteral("exportCueingButton"));
    m_import = new QPushButton;
    m_import->setObjectName(QStringLiteral("importCueingButton"));
    connect(m_export, &QPushButton::clicked, this, &CueingEditor::exportClicked);
    connect(m_import, &QPushButton::clicked, this, &CueingEditor::importClicked);
    // The texts before the table's size is taken: its heads wrap, their height counts.
    retranslateUi();

    // The axis table is wider than a narrow dock: it scrolls sideways on its own, so it never
    // widens the panel (and pushes the mode buttons out of sight).
    auto *scroll = new QScrollArea;
    scroll->setObjectName(QStringLiteral("cueingAxesScroll"));
    scroll->setWidget(table);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    scroll->setMinimumHeight(table->sizeHint().height() +
                             scroll->horizontalScrollBar()->sizeHint().height());
    v->addWidget(scroll);
    auto *row = new QHBoxLayout;
    row->addWidget(axisCheck);
    row->addStretch(1);
    row->addWidget(m_apply);
    v->addLayout(row);
    // One under the other: side by side they are the panel's widest row in German (519 px),
    // which made the whole panel scroll sideways at 1280x720.
    for (QPushButton *b : {m_export, m_import}) {
        auto *files = new QHBoxLayout;
        files->addWidget(b);
        files->addStretch(1);
        v->addLayout(files);
    }
}

QWidget *CueingEditor::buildAxisTable()
{
    auto *table = new QWidget;
    auto *grid = new QGridLayout(table);
    grid->setContentsMargins(0, 0, 0, 0);
    for (int c = 0; c < int(m_heads.size()); ++c) {
        m_heads[c] = new QLabel;
        m_heads[c]->setWordWrap(true);
        grid->addWidget(m_heads[c], 0, c);
    }
    for (int a = 0; a < raven::AxisCount; ++a) {
        const QString key = QLatin1String(raven::kCueingAxisKeys[a]);
        AxisRow &r = m_axes[a];
        r.gain = spin(0.0, 5.0, 0.05, 2, key + QStringLiteral("Gain"));
        r.invert = new QCheckBox;
        r.invert->setObjectName(key + QStringLiteral("Invert"));
        r.tau = spin(0.0, 5.0, 0.01, 3, key + QStringLiteral("Tau"));
        r.rate = spin(0.0, 1000.0, 0.5, 2, key + QStringLiteral("Rate"));
        r.limit = spin(0.0, 100.0, 0.1, 3, key + QStringLiteral("Limit"));
        r.name = new QLabel;
        grid->addWidget(r.name, a + 1, 0);
        grid->addWidget(r.gain, a + 1, 1);
        grid->addWidget(r.invert, a + 1, 2, Qt::AlignCenter);
        grid->addWidget(r.tau, a + 1, 3);
        grid->addWidget(r.rate, a + 1, 4);
        grid->addWidget(r.limit, a + 1, 5);
    }
    return table;
}

void CueingEditor::retranslateUi()
{
    setTitle(tr("Cueing settings"));
    m_frame->setItemText(0, tr("5: specific force and angular acceleration"));
    m_frame->setItemText(1, tr("21: acceleration, angular acceleration and angles"));
    m_frame->setItemText(2, tr("85: as 21 with gravity"));
    m_frameLabel->setText(tr("Frame type"));
    m_masterLabel->setText(tr("Master gain"));
    const QString heads[] = {tr("Axis"),       tr("Gain"),
                             tr("Invert"),     tr("Smoothing τ (s)"),
                             tr("Rate limit"), tr("Limit (SI, 0 = platform)")};
    for (std::size_t c = 0; c < m_heads.size(); ++c)
        m_heads[c]->setText(QStringLiteral("<b>%1</b>").arg(heads[c]));
    const QString axes[raven::AxisCount] = {tr("Surge"),      tr("Sway"),       tr("Heave"),
                                            tr("Roll"),       tr("Pitch"),      tr("Yaw"),
                                            tr("Roll angle"), tr("Pitch angle")};
    for (int a = 0; a < raven::AxisCount; ++a)
        m_axes[a].name->setText(axes[a]);
    m_apply->setText(tr("Apply to platform"));
    m_export->setText(tr("Export cueing settings…"));
    m_export->setToolTip(tr("Save the settings shown here as a file (cueing.json) for "
                            "hilstation --dry-run --cueing FILE"));
    m_import->setText(tr("Import cueing settings…"));
    m_import->setToolTip(tr("Load settings from a file into this editor; the platform "
                            "gets them only when you press \"Apply to platform\""));
}

void CueingEditor::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QGroupBox::changeEvent(event);
}

int CueingEditor::frameId() const
{
    return m_frame->currentData().toInt();
}

raven::CueingSettings CueingEditor::settings() const
{
    raven::CueingSettings s = m_base;
    s.frameId = frameId();
    s.masterGain = m_master->value();
    for (int a = 0; a < raven::AxisCount; ++a) {
        const AxisRow &r = m_axes[a];
        s.axes[a].gain = r.gain->value();
        s.axes[a].invert = r.invert->isChecked();
        s.axes[a].lowPassTauS = r.tau->value();
        s.axes[a].rateLimit = r.rate->value();
        s.axes[a].limit = r.limit->value();
    }
    return s;
}

void CueingEditor::setSettings(const raven::CueingSettings &s)
{
    m_base = s;
    const int idx = m_frame->findData(s.frameId);
    m_frame->setCurrentIndex(idx >= 0 ? idx : 1);
    m_master->setValue(s.masterGain);
    for (int a = 0; a < raven::AxisCount; ++a) {
        AxisRow &r = m_axes[a];
        r.gain->setValue(s.axes[a].gain);
        r.invert->setChecked(s.axes[a].invert);
        r.tau->setValue(s.axes[a].lowPassTauS);
        r.rate->setValue(s.axes[a].rateLimit);
        r.limit->setValue(s.axes[a].limit);
    }
}

} // namespace hil
