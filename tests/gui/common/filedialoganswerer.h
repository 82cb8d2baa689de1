#pragma once
// FileDialogAnswerer: answers the next Qt file dialog (QFileDialog, never a native one: the
// window sets Qt::AA_DontUseNativeDialogs) the way an operator would: the file name set in the
// dialog's name field, then its own Save/Open button clicked. Polls the active modal widget, so it
// is armed before the click that opens the dialog. GUI thread only.
#include <QAbstractButton>
#include <QApplication>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QLineEdit>
#include <QPointer>
#include <QTimer>
#include <QtTest>

namespace hiltest {

/// Fills an open Qt file dialog the way an operator would: the name set in its name field (set,
/// not typed: typing pops the dialog's completer up, which takes keys of its own). Returns the
/// dialog's own Save/Open button to click, nullptr when the dialog is not Qt's.
inline QAbstractButton *fillFileDialog(QFileDialog *dialog, const QString &path)
{
    auto *edit = dialog->findChild<QLineEdit *>(QStringLiteral("fileNameEdit"));
    auto *buttons = dialog->findChild<QDialogButtonBox *>(QStringLiteral("buttonBox"));
    if (!edit || !buttons)
        return nullptr;
    edit->setText(path);
    for (QAbstractButton *b : buttons->buttons())
        if (buttons->buttonRole(b) == QDialogButtonBox::AcceptRole)
            return b;
    return nullptr;
}

class FileDialogAnswerer : public QObject
{
public:
    explicit FileDialogAnswerer(const QString &path) : m_path(path)
    {
        m_poll.setInterval(20);
        connect(&m_poll, &QTimer::timeout, this, [this] { answer(); });
        m_poll.start();
    }
    /// File dialogs answered so far.
    int answered() const { return m_answered; }

private:
    void answer()
    {
        auto *dialog = qobject_cast<QFileDialog *>(QApplication::activeModalWidget());
        if (!dialog || !dialog->isVisible() || dialog == m_last)
            return;
        m_last = dialog;
        QAbstractButton *accept = fillFileDialog(dialog, m_path);
        QVERIFY(accept);
        QTRY_VERIFY(accept->isEnabled());
        ++m_answered;
        m_poll.stop();
        // Clicked after this poll returns (a question the click opens runs its own loop).
        QTimer::singleShot(0, accept, [accept] { QTest::mouseClick(accept, Qt::LeftButton); });
    }
    QString m_path;
    QTimer m_poll;
    QPointer<QFileDialog> m_last;
    int m_answered = 0;
};

} // namespace hiltest
