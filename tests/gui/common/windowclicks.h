#pragma once
// What the GUI tests do in the window the way an operator does, by clicks: a menu bar entry's
// action (clickMenuAction: the menu clicked open in the window's menu bar, then the action in
// it; openFromMenu: and the dialog it opens), and the next modal widget or QMessageBox
// (whenModal, answerNextBox). Those two poll the active modal widget every 20 ms, so they are
// armed before the click that opens it (which runs the dialog's own event loop). GUI thread only.
#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QTimer>
#include <QtTest>
#include <functional>

namespace hiltest {

/// Clicks the menu `menuName` open in the window's menu bar, then its action `actionName`.
/// False when either is missing or the menu did not open within 5 s.
inline bool clickMenuAction(QMainWindow *window, const QString &menuName, const QString &actionName)
{
    auto *menu = window->findChild<QMenu *>(menuName);
    auto *action = window->findChild<QAction *>(actionName);
    if (!menu || !action)
        return false;
    QMenuBar *bar = window->menuBar();
    QTest::mouseClick(bar, Qt::LeftButton, {}, bar->actionGeometry(menu->menuAction()).center());
    if (!QTest::qWaitFor([menu] { return menu->isVisible(); }, 5000))
        return false;
    QTest::mouseClick(menu, Qt::LeftButton, {}, menu->actionGeometry(action).center());
    return true;
}

/// clickMenuAction, then the window's Dialog named `dialogName` once it shows (5 s at most);
/// nullptr when the menu or the action is missing or no such dialog came.
template <class Dialog>
Dialog *openFromMenu(QMainWindow *window, const QString &menuName, const QString &actionName,
                     const QString &dialogName)
{
    if (!clickMenuAction(window, menuName, actionName))
        return nullptr;
    Dialog *dialog = nullptr;
    (void)QTest::qWaitFor(
        [&] {
            dialog = window->findChild<Dialog *>(dialogName);
            return dialog && dialog->isVisible();
        },
        5000);
    return dialog;
}

/// Runs `what` once, on the next visible active modal widget that is a Modal. The poll is a child
/// of `context` (gone with it).
template <class Modal = QWidget> void whenModal(QObject *context, std::function<void(Modal *)> what)
{
    auto *poll = new QTimer(context);
    poll->setInterval(20);
    QObject::connect(poll, &QTimer::timeout, context, [poll, what] {
        auto *modal = qobject_cast<Modal *>(QApplication::activeModalWidget());
        if (!modal || !modal->isVisible())
            return;
        poll->stop();
        poll->deleteLater();
        what(modal);
    });
    poll->start();
}

/// Answers the next QMessageBox by clicking the button `answer` picks (it may read the box
/// first). A box without that button is rejected and the test fails.
inline void answerNextBox(QObject *context, std::function<QAbstractButton *(QMessageBox *)> answer)
{
    whenModal<QMessageBox>(context, [answer](QMessageBox *box) {
        QAbstractButton *button = answer(box);
        if (!button) {
            box->reject();
            QFAIL("the message box has no such button");
        }
        QTest::mouseClick(button, Qt::LeftButton);
    });
}

/// The same, clicking the button with this objectName (the standard button `otherwise` when the
/// name is empty); counts the box in *seen.
inline void answerNextBox(QObject *context, const QString &buttonName, int *seen,
                          QMessageBox::StandardButton otherwise = QMessageBox::Cancel)
{
    answerNextBox(context, [buttonName, seen, otherwise](QMessageBox *box) -> QAbstractButton * {
        ++*seen;
        if (buttonName.isEmpty())
            return box->button(otherwise);
        return box->findChild<QPushButton *>(buttonName);
    });
}

} // namespace hiltest
