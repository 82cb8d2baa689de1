#include "ui/panels/dryrunsearch.h"
#include "ui/panels/dryrunjob.h"
#include "ui/panels/dryrunsourcetitle.h"

#include <QEvent>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <algorithm>

namespace hil {

DryRunSearchBox::DryRunSearchBox(std::function<dryrun::DryRunOptions()> start, QWidget *parent)
    : QGroupBox(parent), m_start(std::move(start))
{
    m_list = new QListWidget;
    m_list->setObjectName(QStringLiteral("dryRunSearchList"));
    // A few rows: the box sits under the editor and must not push the panel taller.
    m_list->setMaximumHeight(4 * m_list->fontMetrics().height() + 8);
    m_add = new QPushButton;
    m_add->setObjectName(QStringLiteral("dryRunSearchAddButton"));
    m_remove = new QPushButton;
    m_remove->setObjectName(QStringLiteral("dryRunSearchRemoveButton"));
    m_suggest = new QPushButton;
    m_suggest->setObjectName(QStringLiteral("dryRunSuggestButton"));
    m_cancel = new QPushButton;
    m_cancel->setObjectName(QStringLiteral("dryRunCancelSuggestButton"));
    m_cancel->hide();
    m_use = new QPushButton;
    m_use->setObjectName(QStringLiteral("dryRunUseSuggestionButton"));
    m_use->hide();
    m_progress = new QProgressBar;
    m_progress->setObjectName(QStringLiteral("dryRunSuggestProgress"));
    m_progress->hide();
    m_note = new QLabel;
    m_note->setObjectName(QStringLiteral("dryRunSuggestNote"));
    m_note->setWordWrap(true);
    m_compare = new QTableWidget(3, 3);
    m_compare->setObjectName(QStringLiteral("dryRunSuggestTable"));
    m_compare->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_compare->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_compare->setMaximumHeight(5 * m_compare->fontMetrics().height() + 16);
    m_compare->hide();

    connect(m_add, &QPushButton::clicked, this, [this] {
        if (!m_open || std::find(m_added.begin(), m_added.end(), m_open) != m_added.end())
            return; // nothing open, or already in the list
        m_added.push_back(m_open);
        auto *row = new QListWidgetItem(DryRunSourceTitle::of(*m_open), m_list);
        row->setToolTip(m_open->source);
        updateButtons();
    });
    connect(m_remove, &QPushButton::clicked, this, [this] {
        const int row = m_list->currentRow();
        if (row < 0 || row >= int(m_added.size()))
            return;
        m_added.erase(m_added.begin() + row);
        delete m_list->takeItem(row);
        updateButtons();
    });
    connect(m_list, &QListWidget::currentRowChanged, this, [this] { updateButtons(); });
    connect(m_suggest, &QPushButton::clicked, this, &DryRunSearchBox::suggest);
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        if (m_job)
            m_job->cancel();
    });
    connect(m_use, &QPushButton::clicked, this, [this] {
        if (m_suggestion)
            emit suggestionUsed(m_suggestion->settings);
    });

    auto *grid = new QGridLayout(this);
    grid->addWidget(m_list, 0, 0, 2, 1);
    grid->addWidget(m_add, 0, 1);
    grid->addWidget(m_remove, 1, 1);
    grid->addWidget(m_suggest, 2, 0);
    grid->addWidget(m_cancel, 2, 1);
    grid->addWidget(m_progress, 3, 0, 1, 2);
    grid->addWidget(m_note, 4, 0, 1, 2);
    grid->addWidget(m_compare, 5, 0, 1, 2);
    grid->addWidget(m_use, 6, 0);
    retranslateUi();
    updateButtons();
}

DryRunSearchBox::~DryRunSearchBox() = default; // the job (a child) cancels and joins

void DryRunSearchBox::retranslateUi()
{
    setTitle(tr("Suggest settings"));
    m_list->setToolTip(tr("Recordings the search covers besides the open one"));
    m_add->setText(tr("Add the open recording"));
    m_remove->setText(tr("Remove"));
    for (int row = 0; row < m_list->count() && row < int(m_added.size()); ++row)
        m_list->item(row)->setText(DryRunSourceTitle::of(*m_added[std::size_t(row)]));
    m_suggest->setText(tr("Suggest settings"));
    m_cancel->setText(tr("Cancel"));
    m_use->setText(tr("Use suggestion"));
    m_compare->setHorizontalHeaderLabels(
        {tr("Still seat"), tr("Current settings"), tr("Suggestion")});
    m_compare->setVerticalHeaderLabels({tr("Score"), tr("Skill"), tr("Limit hits")});
    showNote();
}

void DryRunSearchBox::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QGroupBox::changeEvent(event);
}

void DryRunSearchBox::setOpenRecording(std::shared_ptr<const dryrun::DryRunInput> input)
{
    m_open = std::move(input);
    updateButtons();
}

std::vector<std::shared_ptr<const dryrun::DryRunInput>> DryRunSearchBox::searchSet() const
{
    auto set = m_added;
    if (m_open && std::find(set.begin(), set.end(), m_open) == set.end())
        set.push_back(m_open);
    return set;
}

bool DryRunSearchBox::isSearching() const
{
    return m_job && m_job->isRunning();
}

void DryRunSearchBox::updateButtons()
{
    const bool searching = isSearching();
    m_add->setEnabled(m_open && !searching);
    m_remove->setEnabled(m_list->currentRow() >= 0 && !searching);
    m_suggest->setEnabled(m_open && !searching);
}

void DryRunSearchBox::suggest()
{
    if (!m_open || isSearching())
        return;
    const dryrun::DryRunOptions options = m_start();
    const auto set = searchSet(); // shared: the job holds the recordings while it runs
    auto result = std::make_shared<dryrun::SuggestResult>();
    m_progress->setRange(0, dryrun::SuggestOptions{}.evaluations);
    m_progress->setValue(0);
    m_progress->show();
    m_cancel->show();
    QPointer<DryRunSearchBox> self(this);
    auto *job = new DryRunJob(
        [set, options, result, self](DryRunJob &job) -> std::function<void()> {
            std::vector<const dryrun::DryRunInput *> inputs;
            for (const auto &r : set)
                inputs.push_back(r.get());
            *result = dryrun::suggestSettings(inputs, options, dryrun::SuggestOptions{},
                                              [&job, self](int done, int) {
                                                  job.post([self, done] {
                                                      if (self)
                                                          self->m_progress->setValue(done);
                                                  });
                                                  return !job.cancelled();
                                              });
            return {};
        },
        this);
    const int recordings = int(set.size());
    connect(job, &DryRunJob::finished, this, [this, job, result, recordings] {
        job->deleteLater();
        finish(*result, recordings);
    });
    m_job = job;
    job->start();
    updateButtons();
}

void DryRunSearchBox::finish(const dryrun::SuggestResult &r, int recordings)
{
    m_progress->hide();
    m_cancel->hide();
    m_suggestion = std::make_unique<dryrun::SuggestResult>(r);
    m_recordings = recordings;
    showNote();
    m_use->show();
    updateButtons();
}

void DryRunSearchBox::showNote()
{
    if (!m_suggestion) {
        m_note->setText(tr("The search covers the open recording and those in the list."));
        return;
    }
    const dryrun::SuggestResult &r = *m_suggestion;
    const QString over = m_recordings == 1 ? tr("Over the open recording.")
                                           : tr("Over %1 recordings.").arg(m_recordings);
    const QString which = r.kind == dryrun::SuggestionKind::Still
                              ? tr("No setting tried beats a still seat: the suggestion is "
                                   "master gain 0.")
                          : r.kind == dryrun::SuggestionKind::Current
                              ? tr("Nothing found beats the current settings.")
                              : QString();
    m_note->setText(
        tr("%1 %2 Before: score %L3, %4 limit hits. Suggested: score %L5, %6 limit hits (%7 "
           "evaluations, seed %8); %L9 points above the still seat, %L10 above the current "
           "settings. %11")
            .arg(r.cancelled ? tr("Cancelled; the best so far.") : QString(), over)
            .arg(r.before.score, 0, 'f', 1)
            .arg(r.before.limitHits)
            .arg(r.after.score, 0, 'f', 1)
            .arg(r.after.limitHits)
            .arg(r.evaluations)
            .arg(dryrun::SuggestOptions{}.seed)
            .arg(r.after.score - r.still.score, 0, 'f', 1)
            .arg(r.after.score - r.before.score, 0, 'f', 1)
            .arg(which)
            .trimmed());
    // The three candidates side by side.
    const dryrun::Evaluation *cols[3] = {&r.still, &r.before, &r.after};
    for (int c = 0; c < 3; ++c) {
        const QString cells[3] = {QLocale().toString(cols[c]->score, 'f', 1),
                                  QLocale().toString(cols[c]->skill, 'f', 3),
                                  QString::number(cols[c]->limitHits)};
        for (int row = 0; row < 3; ++row) {
            auto *item = m_compare->item(row, c);
            if (!item)
                m_compare->setItem(row, c, item = new QTableWidgetItem);
            item->setText(cells[row]);
        }
    }
    m_compare->show();
}

} // namespace hil
