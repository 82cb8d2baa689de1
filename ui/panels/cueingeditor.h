#pragma once
// CueingEditor: the Motion panel's "Cueing settings" box. It shows and edits a
// raven::CueingSettings (frame type, master gain, and per axis gain, invert, smoothing τ, rate
// limit and limit) and holds the buttons that act on it: "Axis check…", "Apply to platform",
// "Export cueing settings…", "Import cueing settings…". It sends nothing itself: each button is
// a signal the panel answers, since the link, the files and the axis check are the panel's. An
// edit reaches the platform only through "Apply to platform". GUI thread only.
//
// Units as raven::CueingSettings: τ in s, the rate limit per second in the axis unit, the limit
// in SI (0 = the platform's documented limit), gains without a unit. Fields the editor does not
// show (angular-acceleration τ, gravity, frame pacing ...) keep the values last set.
//
// Layout: the axis table is wider than a narrow dock and scrolls sideways on its own; the
// frame-5 warning (axischecknotices.h) lies below the frame choice.

#include "raven/cueing.h"

#include <QGroupBox>
#include <array>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;

namespace hil {

class CueingEditor : public QGroupBox
{
    Q_OBJECT
public:
    /// frame5Warning: the label placed below the frame choice (the panel's notices keep it).
    explicit CueingEditor(QLabel *frame5Warning, QWidget *parent = nullptr);

    /// The settings the editor shows.
    raven::CueingSettings settings() const;
    void setSettings(const raven::CueingSettings &settings);
    /// The settings last set (setSettings), the operator's edits not included.
    const raven::CueingSettings &lastSet() const { return m_base; }
    /// The frame type chosen now (5, 21 or 85).
    int frameId() const;

signals:
    void frameChanged();
    void applyClicked();
    void axisCheckClicked();
    void exportClicked();
    void importClicked();

protected:
    void changeEvent(QEvent *event) override;

private:
    QWidget *buildAxisTable();
    void retranslateUi();

    QComboBox *m_frame = nullptr;
    QDoubleSpinBox *m_master = nullptr;
    struct AxisRow
    {
        QDoubleSpinBox *gain, *tau, *rate, *limit;
        QCheckBox *invert;
        QLabel *name;
    };
    std::array<AxisRow, raven::AxisCount> m_axes{};
    std::array<QLabel *, 6> m_heads{};
    QLabel *m_frameLabel = nullptr, *m_masterLabel = nullptr;
    QPushButton *m_apply = nullptr, *m_export = nullptr, *m_import = nullptr;
    raven::CueingSettings m_base; ///< fields the editor does not show keep these values
};

} // namespace hil
