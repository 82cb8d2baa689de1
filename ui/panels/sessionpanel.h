#pragma once
// SessionPanel: this session's folder (with a button that opens it in the file manager) and the
// list of events as the Station raises them (link up/down, faults, mode changes), newest last,
// bounded, each in the operator's language (eventText(): id + args; events read back from
// events.log at start have no id and stay English). Each event is coloured by the severity its
// raiser gave it (error red, warning amber, info plain; the row's tooltip shows its id), never by
// guessing from the English text. "New session" (also in the window's File menu) asks first,
// naming the folder this session closes and the one the next records in (askNewSession), then
// the Station's recorder goes on there (the folder field follows); the recorder's
// records_dropped / write_errors are shown at 5 Hz. GUI thread.
//
// Following: the list keeps the newest event in view unless the operator has scrolled up; then
// it stays put and a floating "N new ↓" button counts what arrived and returns to the end.

#include "core/event.h"
#include "ui/eventtext.h"
#include "ui/panels/panel.h"
#include "ui/samefactfilter.h"

#include <QDateTime>
#include <QList>

class QLabel;
class QLineEdit;
class QPushButton;
class QTreeWidget;

namespace hil {

class SessionPanel : public Panel
{
    Q_OBJECT
public:
    static constexpr int kMaxEvents = 5000;

    explicit SessionPanel(Station *station, QWidget *parent = nullptr);
    QString title() const override;
    void load(QSettings &settings) override;
    void save(QSettings &settings) const override;
    void refreshSlow() override;

    int eventCount() const;
    /// The list scrolls to each new event (the operator has not scrolled up).
    bool isFollowing() const;
    /// Events added since the operator scrolled up (the "N new" button's number).
    int unseenEvents() const;

    /// The modal error the window shows when the Station cannot start (e.g. a session folder
    /// that cannot be created or written): nothing has started and nothing will be recorded.
    /// Returns when the operator closes it. objectName "startFailureDialog".
    static void showStartFailure(QWidget *parent, const QString &error);
    /// New session: asks (objectName "newSessionQuestion", Cancel by default), naming this
    /// session's folder and the next one; on "Start new session" the Station finishes this folder
    /// and records on in the one named. True when the operator said so.
    static bool askNewSession(Station *station, QWidget *parent);

public slots:
    void addEvent(const hil::Event &event);

private:
    /// Shows eventText(e); the event's id, args and English text stay on the row (item data) so
    /// a language change rewrites the sentence. Rows read back from events.log have no id.
    /// An event's source in the operator's words: a link's title, a stand-in marked.
    QString sourceText(const QString &source) const;
    void appendRow(const QDateTime &local, const Event &e);
    void retranslateEvents();

private:
    void setFolder(const QString &folder);
    void setUpFollowing();
    void setFollowing(bool follow);
    void placeNewEventsButton();
    bool eventFilter(QObject *watched, QEvent *event) override;

    QLineEdit *m_folder;
    QLabel *m_recorder = nullptr;
    QTreeWidget *m_events;
    QPushButton *m_newEvents = nullptr;
    bool m_following = true;
    bool m_autoScrolling = false;
    int m_unseen = 0;
    SameFactFilter m_sameFact; ///< "PX4 armed" once, though two links report it
};

} // namespace hil
