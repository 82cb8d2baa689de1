#include "ui/panels/rigcheckdialog.h"

#include "core/event.h"
#include "rigcheck/rigcheckrun.h"
#include "station/station.h"
#include "ui/rigstatetext.h"

#include <QCheckBox>
#include <QClipboard>
#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QDir>
#include <QEvent>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QUrl>
#include <QVBoxLayout>

namespace hil {

RigCheckDialog::RigCheckDialog(Station *station, QWidget *parent)
    : QDialog(parent), m_station(station)
{
    setObjectName(QStringLiteral("rigCheckDialog"));
    auto *layout = new QVBoxLayout(this);
    m_intro = new QLabel(this);
    m_intro->setWordWrap(true);
    layout->addWidget(m_intro);
    auto *row = new QHBoxLayout;
    m_secondsLabel = new QLabel(this);
    m_seconds = new QSpinBox(this);
    m_seconds->setObjectName(QStringLiteral("rigCheckSeconds"));
    m_seconds->setRange(2, 600);
    m_seconds->setValue(10);
    m_secondsLabel->setBuddy(m_seconds);
    row->addWidget(m_secondsLabel);
    row->addWidget(m_seconds);
    row->addStretch(1);
    layout->addLayout(row);
    m_motion = new QCheckBox(this);
    m_motion->setObjectName(QStringLiteral("rigCheckMotion"));
    layout->addWidget(m_motion);
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("rigCheckProgress"));
    m_progress->setRange(0, 100);
    m_progress->setValue(0);
    layout->addWidget(m_progress);
    m_phase = new QLabel(this);
    m_phase->setObjectName(QStringLiteral("rigCheckPhase"));
    layout->addWidget(m_phase);
    m_table = new QTableWidget(0, 4, this);
    m_table->setObjectName(QStringLiteral("rigCheckTable"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(true);
    m_table->verticalHeader()->setVisible(false);
    // The fixes are the point of the check: they wrap in their column, which takes what is left.
    QHeaderView *head = m_table->horizontalHeader();
    head->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    head->setSectionResizeMode(1, QHeaderView::Interactive);
    head->setSectionResizeMode(2, QHeaderView::Interactive);
    head->setSectionResizeMode(3, QHeaderView::Stretch);
    m_table->setColumnWidth(1, 240);
    m_table->setColumnWidth(2, 200);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    connect(head, &QHeaderView::sectionResized, m_table,
            [this] { m_table->resizeRowsToContents(); });
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &RigCheckDialog::showDetails);
    layout->addWidget(m_table, 1);
    m_details = new QLabel(this);
    m_details->setObjectName(QStringLiteral("rigCheckDetails"));
    m_details->setWordWrap(true);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->setTextFormat(Qt::PlainText);
    layout->addWidget(m_details);
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("rigCheckSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_summary);
    auto *buttons = new QDialogButtonBox(this);
    m_start = buttons->addButton(QString(), QDialogButtonBox::ActionRole);
    m_start->setObjectName(QStringLiteral("rigCheckRunButton"));
    m_open = buttons->addButton(QString(), QDialogButtonBox::ActionRole);
    m_open->setObjectName(QStringLiteral("rigCheckOpenButton"));
    m_open->setEnabled(false);
    m_close = buttons->addButton(QDialogButtonBox::Close);
    layout->addWidget(buttons);
    connect(m_start, &QPushButton::clicked, this, [this] {
        if (m_run && m_run->isRunning())
            m_run->cancel();
        else
            start();
    });
    m_openUrl = [](const QUrl &url) { return QDesktopServices::openUrl(url); };
    connect(m_open, &QPushButton::clicked, this, [this] {
        if (!m_openUrl(QUrl::fromLocalFile(QDir(m_folder).filePath(QStringLiteral("report.html")))))
            offerFolder();
    });
    connect(m_close, &QPushButton::clicked, this, &QDialog::close);
    resize(900, 600);
    retranslateUi();
}

RigCheckDialog::~RigCheckDialog() = default;

void RigCheckDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QDialog::changeEvent(event);
}

void RigCheckDialog::retranslateUi()
{
    setWindowTitle(tr("Rig check"));
    m_intro->setText(tr("Watches every running link and judges what it sees: each check's "
                        "figure, its verdict and what to do. The report (report.json, "
                        "report.html, report.pdf) goes to the session folder's rig-check."));
    m_secondsLabel->setText(tr("&Watch for (s):"));
    m_motion->setText(tr("&Measure the transport delay (steps move the platform: seat empty, "
                         "CUEING)"));
    const bool running = m_run && m_run->isRunning();
    m_start->setText(running ? tr("&Cancel check") : tr("&Run check"));
    m_open->setText(tr("&Open report"));
    m_table->setHorizontalHeaderLabels(
        {tr("Verdict"), tr("What it looked at"), tr("Figure"), tr("Fix")});
    showProgress();
    showResult();
}

// The boarding procedure's step 2: the steps move the seat, so only with nobody on it.
bool RigCheckDialog::askSeatEmpty(QWidget *parent, const QString &title, const QString &objectName,
                                  const QString &what)
{
    QMessageBox box(QMessageBox::Question, title, tr("Procedure step 2: is the seat empty?"),
                    QMessageBox::NoButton, parent);
    box.setObjectName(objectName);
    box.setInformativeText(what);
    QPushButton *empty = box.addButton(tr("Seat empty (step 2)"), QMessageBox::AcceptRole);
    empty->setObjectName(QStringLiteral("seatEmptyButton"));
    QPushButton *cancel = box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(cancel); // Cancel unless the operator says otherwise
    box.exec();
    return box.clickedButton() == empty;
}

void RigCheckDialog::start()
{
    if (!m_station)
        return;
    rigcheck::RunSettings s;
    s.windowS = m_seconds->value();
    s.motion = m_motion->isChecked();
    if (s.motion) {
        const QString missing = motionMissing(m_station);
        if (!missing.isEmpty()) {
            QMessageBox box(QMessageBox::Information, tr("Transport delay"), missing,
                            QMessageBox::Ok, this);
            box.setObjectName(QStringLiteral("rigCheckMotionMissing"));
            box.exec();
            return;
        }
        s.motionSteps = m_station->options().rigCheckSteps; // 20 unless a test asks for fewer
        if (!askSeatEmpty(this, tr("Transport delay"), QStringLiteral("rigCheckSeatQuestion"),
                          tr("The measurement steps the platform from where the simulator holds "
                             "it (%1 steps). Only with the seat empty and the area clear.")
                              .arg(QLocale().toString(s.motionSteps))))
            return;
        m_station->raiseStationEvent(
            Event{QStringLiteral("station"),
                  QStringLiteral("station.rig_check_seat_empty"),
                  Severity::Info,
                  QStringLiteral("transport-delay steps confirmed with the seat empty "
                                 "(procedure step 2)"),
                  {}});
    }
    m_result.reset();
    m_progressShown.reset();
    m_table->setRowCount(0);
    m_summary->clear();
    m_open->setEnabled(false);
    m_run = std::make_unique<rigcheck::RigCheckRun>(m_station, s);
    connect(m_run.get(), &rigcheck::RigCheckRun::progressed, this,
            [this](const rigcheck::Progress &p) {
                // The bar is the whole check (time); the line says which step and how far into
                // it, so "47 %" and "sampling 1 of 10 s" no longer read as two answers.
                m_progressShown = std::make_unique<rigcheck::Progress>(p);
                showProgress();
            });
    connect(m_run.get(), &rigcheck::RigCheckRun::finished, this, &RigCheckDialog::onFinished);
    m_run->start();
    m_seconds->setEnabled(false);
    m_motion->setEnabled(false);
    retranslateUi();
}

void RigCheckDialog::showProgress()
{
    m_progress->setFormat(tr("%p % of the check"));
    if (!m_progressShown)
        return;
    const rigcheck::Progress &p = *m_progressShown;
    m_progress->setValue(int(p.fraction * 100.0));
    m_phase->setText(tr("Step %1 of %2: %3").arg(p.stepNo).arg(p.steps).arg(stepText(p)));
}

QString RigCheckDialog::stepText(const rigcheck::Progress &p)
{
    using Step = rigcheck::Progress::Step;
    switch (p.step) {
    case Step::Settling:
        return tr("waiting for the links to connect");
    case Step::Sampling:
        return tr("watching the links, %1 of %2 s").arg(p.done).arg(p.of);
    case Step::TransportDelay:
        return tr("measuring the transport delay, %1 of %2 steps").arg(p.done).arg(p.of);
    case Step::Writing:
        return tr("writing the report");
    case Step::Done:
        return tr("done");
    }
    return {};
}

void RigCheckDialog::onFinished(const rigcheck::RunResult &result)
{
    m_seconds->setEnabled(true);
    m_motion->setEnabled(true);
    if (result.cancelled) {
        m_progressShown.reset();
        m_progress->setValue(0);
    }
    m_result = std::make_unique<rigcheck::RunResult>(result);
    retranslateUi(); // shows the result too
}

void RigCheckDialog::showResult()
{
    if (!m_result)
        return;
    const rigcheck::RunResult &result = *m_result;
    if (result.cancelled) {
        m_summary->setText(tr("Cancelled: no report."));
        return;
    }
    const int selected = m_table->currentRow();
    m_table->setRowCount(int(result.items.size()));
    int counts[3] = {0, 0, 0};
    for (int r = 0; r < result.items.size(); ++r) {
        const rigcheck::Item &i = result.items.at(r);
        ++counts[int(i.verdict)];
        auto *verdict = new QTableWidgetItem(i.verdict == rigcheck::Verdict::Pass   ? tr("pass")
                                             : i.verdict == rigcheck::Verdict::Warn ? tr("warn")
                                                                                    : tr("fail"));
        verdict->setBackground(QColor(rigcheck::verdictColour(i.verdict)));
        verdict->setForeground(Qt::white);
        verdict->setData(Qt::UserRole, i.check);
        m_table->setItem(r, 0, verdict);
        auto *title = new QTableWidgetItem(rigcheck::titleOf(i, true));
        title->setToolTip(i.check);
        m_table->setItem(r, 1, title);
        // A stand-in's figure is no rig's: said beside it, so 0.0 ms is not read as measured.
        const bool standIn = m_station && m_station->isEmulatorRunning(i.link);
        // The figure in the operator's words and number format; report.json keeps C's.
        const QString value = rigcheck::valueOf(i, true, QLocale());
        auto *figure = new QTableWidgetItem(standIn ? tr("%1 (stand-in)").arg(value) : value);
        figure->setToolTip(figure->text());
        m_table->setItem(r, 2, figure);
        auto *fix = new QTableWidgetItem(
            i.verdict == rigcheck::Verdict::Pass ? QString() : rigcheck::fixOf(i, true));
        fix->setToolTip(fix->text());
        m_table->setItem(r, 3, fix);
    }
    m_table->resizeRowsToContents();
    for (const QString &f : result.files)
        if (f.endsWith(QLatin1String("report.json")))
            m_folder = QFileInfo(f).absolutePath();
    // Counts as "label: n": no plural form to get wrong ("1 warnings") in any language.
    QString text = tr("Passed: %1 · warnings: %2 · failed: %3.")
                       .arg(counts[int(rigcheck::Verdict::Pass)])
                       .arg(counts[int(rigcheck::Verdict::Warn)])
                       .arg(counts[int(rigcheck::Verdict::Fail)]);
    if (!result.error.isEmpty())
        text += QLatin1Char(' ') + tr("The report could not be written: %1").arg(result.error);
    else if (!m_folder.isEmpty())
        text += QLatin1Char(' ') + tr("Report: %1").arg(QDir::toNativeSeparators(m_folder));
    m_summary->setText(text);
    m_summary->setStyleSheet(result.anyFail() || !result.error.isEmpty()
                                 ? QStringLiteral("color: #c0392b; font-weight: bold")
                                 : QString());
    m_open->setEnabled(!m_folder.isEmpty() && result.error.isEmpty());
    if (selected >= 0 && selected < m_table->rowCount())
        m_table->setCurrentCell(selected, 1);
    showDetails();
}

QString RigCheckDialog::motionMissing(const Station *station)
{
    const std::optional<MotionStatus> motion = station ? station->motionStatus() : std::nullopt;
    if (!motion)
        return tr("No motion platform link runs: connect the platform first.");
    if (motion->stopLatched)
        return tr("STOP is latched. Release it with a mode button in the Motion platform panel, "
                  "then put the platform in CUEING with the seat empty.");
    if (motion->reportedMode != RigStateText::kCueing)
        return tr("The platform is in %1. Put it in CUEING with the seat empty (Motion platform "
                  "panel), then start again.")
            .arg(RigStateText::mode(motion->reportedMode));
    if (motion->enabling == MotionStatus::Enabling::Released)
        return tr("The enabling button is released: hold it while the steps run.");
    return {};
}

void RigCheckDialog::showDetails()
{
    const int r = m_table->currentRow();
    if (r < 0 || !m_table->item(r, 3)) {
        m_details->clear();
        return;
    }
    const QString fix = m_table->item(r, 3)->text();
    m_details->setText(tr("%1 — %2: %3")
                           .arg(m_table->item(r, 0)->text(), m_table->item(r, 1)->text(),
                                m_table->item(r, 2)->text()) +
                       (fix.isEmpty() ? QString() : QStringLiteral("\n") + fix));
}

void RigCheckDialog::offerFolder()
{
    const QString folder = QDir::toNativeSeparators(m_folder);
    QMessageBox box(QMessageBox::Information, tr("Open report"),
                    tr("No program on this desktop opens the report page."), QMessageBox::NoButton,
                    this);
    box.setObjectName(QStringLiteral("rigCheckNoViewer"));
    box.setInformativeText(
        tr("The report (report.html, report.pdf, report.json) is in:\n%1").arg(folder));
    box.setTextInteractionFlags(Qt::TextSelectableByMouse);
    QPushButton *open = box.addButton(tr("Open folder"), QMessageBox::ActionRole);
    open->setObjectName(QStringLiteral("rigCheckOpenFolder"));
    QPushButton *copy = box.addButton(tr("Copy path"), QMessageBox::ActionRole);
    copy->setObjectName(QStringLiteral("rigCheckCopyPath"));
    box.addButton(QMessageBox::Close);
    box.exec();
    if (box.clickedButton() == copy) {
        QGuiApplication::clipboard()->setText(folder);
    } else if (box.clickedButton() == open && !m_openUrl(QUrl::fromLocalFile(m_folder))) {
        QMessageBox::information(
            this, tr("Open report"),
            tr("No program opens folders either. The path is:\n%1").arg(folder));
    }
}

} // namespace hil
