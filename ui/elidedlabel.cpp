#include "ui/elidedlabel.h"

#include <QResizeEvent>

namespace hil {

ElidedLabel::ElidedLabel(QWidget *parent) : QLabel(parent)
{
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    setTextFormat(Qt::PlainText);
}

void ElidedLabel::setFullText(const QString &text)
{
    m_full = text;
    setToolTip(text);
    elide();
    updateGeometry();
}

QString ElidedLabel::shownText() const
{
    return text();
}

QSize ElidedLabel::sizeHint() const
{
    // The whole text's width as a wish, which the Ignored policy lets the layout shrink.
    return {fontMetrics().horizontalAdvance(m_full) + 2 * margin() + 4,
            QLabel::sizeHint().height()};
}

QSize ElidedLabel::minimumSizeHint() const
{
    return {minimumWidth(), QLabel::minimumSizeHint().height()};
}

void ElidedLabel::resizeEvent(QResizeEvent *event)
{
    QLabel::resizeEvent(event);
    elide();
}

void ElidedLabel::elide()
{
    const int room = contentsRect().width() - 2 * margin();
    QLabel::setText(fontMetrics().elidedText(m_full, m_mode, std::max(room, 0)));
}

} // namespace hil
