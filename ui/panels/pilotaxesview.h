#pragma once
// PilotAxesView: a pilot device's raw axes as one bar each, numbered from 1 as the Pilot panel and
// the docs count them: the value from the centre line, the range recorded so far (light), the
// recorded centre (a green mark) and the control the axis drives beside it. Any number of axes; it
// draws what it was last given and reads no device (the pilot set-up wizard,
// ui/panels/pilotsetupdialog.h, hands it the newest sample about 30 times a second).
// Thread: the GUI thread. Units: raw axes −1..1 (values outside are drawn at the ends).

#include <QStringList>
#include <QWidget>
#include <vector>

namespace hil {

/// The raw axes as bars (−1..1): the value, the recorded range and centre, the assigned control.
class PilotAxesView : public QWidget
{
    Q_OBJECT
public:
    explicit PilotAxesView(QWidget *parent = nullptr);
    void setValues(const std::vector<double> &values);
    void setRange(const std::vector<double> &min, const std::vector<double> &center,
                  const std::vector<double> &max);
    void setLabels(const QStringList &labels); ///< per axis: the control it drives, or empty
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *) override;

private:
    std::vector<double> m_values, m_min, m_center, m_max;
    QStringList m_labels;
};

} // namespace hil
