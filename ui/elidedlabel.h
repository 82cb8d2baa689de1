#pragma once
// A one-line label that shows as much of its text as fits, with "…" in the middle where it is
// cut (a path keeps its start and its end; a sentence may be cut at its end instead), instead of a
// QLabel's silent cut at the right edge. It never asks for more width than minimumWidth(): a long
// text cannot widen a window. The full text is its tooltip. GUI thread only.

#include <QLabel>

namespace hil {

class ElidedLabel : public QLabel
{
    Q_OBJECT
public:
    explicit ElidedLabel(QWidget *parent = nullptr);
    /// The whole text (the label shows shownText()).
    void setFullText(const QString &text);
    QString fullText() const { return m_full; }
    /// What is on screen at the current width.
    QString shownText() const;
    /// Where the text is cut: the middle (a path, the default) or the end (a sentence).
    void setElideMode(Qt::TextElideMode mode)
    {
        m_mode = mode;
        elide();
    }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void elide();
    QString m_full;
    Qt::TextElideMode m_mode = Qt::ElideMiddle;
};

} // namespace hil
