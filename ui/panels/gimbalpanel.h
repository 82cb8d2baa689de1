#pragma once
// GimbalPanel: the RflySim gimbal and vision sensors (worker "rflysim"). Pitch/yaw by sliders or
// a drag pad (angles, or rates in rate mode), zoom, focal length, centring, target tracking,
// ranging, light source, AI box-select (click the camera preview); commanded vs reported angles,
// a stale light, the LiDAR point count with a decimated top view and the camera preview.
//
// GUI thread, except the frame slots: gimbal states, LiDAR clouds and images are caught in the
// link's thread (direct connections) and only the latest of each is kept, under a mutex, in a
// shared slot the window reads on its timer — so a fast sensor can never queue up the GUI.
// Angles in degrees on screen, rad on the link.
//
// Commanded vs reported: the panel sends nothing on its own at start. The focal length field stays
// empty until the camera's first state, then shows the camera's reported value (not sent); only
// the operator's changes go out. FOV: commanded (what the link puts in each request's CameraFOV:
// the camera's own until a focal length is set, then the one that focal length gives) beside
// the camera's reported one.

#include "ui/panels/panel.h"

#include <QPointer>
#include <memory>
#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSlider;
class QSpinBox;

namespace hil {

class RflySimLink;
class GimbalPad;
class ImageView;
class TopView;

class GimbalPanel : public Panel
{
    Q_OBJECT
public:
    explicit GimbalPanel(Station *station, QWidget *parent = nullptr);
    ~GimbalPanel() override;

    QString title() const override;
    void load(QSettings &settings) override;
    void save(QSettings &settings) const override;
    void refreshFast() override;
    void refreshSlow() override;

    struct Latest; ///< the frames caught in the link's thread

public slots:
    /// Commands the gimbal (degrees; in rate mode degrees per second) and moves the controls.
    void command(double pitchDeg, double yawDeg);

private:
    QWidget *buildControls();
    QWidget *buildSensors();
    void sendFromSliders();
    /// Re-reads the running link (Station::linksChanged): drops a stopping one before it can be
    /// deleted, wires a reconnected one.
    void relink();
    void wire(RflySimLink *link);

    QPointer<RflySimLink> m_link;
    std::vector<QMetaObject::Connection> m_linkConnections;
    std::shared_ptr<Latest> m_latest;
    QSlider *m_pitch = nullptr, *m_yaw = nullptr;
    QSpinBox *m_pitchEntry = nullptr, *m_yawEntry = nullptr; ///< numeric entry beside each slider
    GimbalPad *m_pad = nullptr;
    QCheckBox *m_rateMode = nullptr, *m_ranging = nullptr;
    QSpinBox *m_zoom = nullptr, *m_target = nullptr;
    QDoubleSpinBox *m_focal = nullptr;
    QComboBox *m_light = nullptr;
    QLabel *m_commanded = nullptr, *m_reported = nullptr, *m_stale = nullptr, *m_extra = nullptr;
    QLabel *m_points = nullptr;
    TopView *m_top = nullptr;
    ImageView *m_image = nullptr;
    double m_cmdPitchDeg = 0.0, m_cmdYawDeg = 0.0;
    double m_cmdFocalMm = 0.0; ///< 0 until the operator sets one
    quint64 m_seenCloud = 0, m_seenImage = 0;
};

} // namespace hil
