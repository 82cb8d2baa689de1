// The link panels by the id a LinkDescriptor names (`panel`): one line each. The order is the
// default layout's tab order on the right (after the first, the motion platform).
#include "ui/panels/gimbalpanel.h"
#include "ui/panels/motionpanel.h"
#include "ui/panels/panelregistry.h"
#include "ui/panels/pilotpanel.h"
#include "ui/panels/px4panel.h"

namespace hil {

namespace {
Panel *makeMotionPanel(const LinkPanelContext &ctx)
{
    auto *motion = new MotionPanel(ctx.station);
    QObject::connect(motion, &MotionPanel::stopClicked, motion, ctx.stop);
    return motion;
}
} // namespace

const std::vector<LinkPanelSpec> &builtinLinkPanels()
{
    static const std::vector<LinkPanelSpec> panels = {
        {QStringLiteral("motion"), Qt::RightDockWidgetArea, makeMotionPanel},
        {QStringLiteral("gimbal"), Qt::RightDockWidgetArea,
         [](const LinkPanelContext &ctx) -> Panel * { return new GimbalPanel(ctx.station); }},
        {QStringLiteral("px4"), Qt::RightDockWidgetArea,
         [](const LinkPanelContext &ctx) -> Panel * { return new Px4Panel(ctx.station); }},
        // beside PX4: the pilot's sticks go to PX4 (or to RealFlight while none runs)
        {QStringLiteral("pilot"), Qt::RightDockWidgetArea,
         [](const LinkPanelContext &ctx) -> Panel * { return new PilotPanel(ctx.station); }},
    };
    return panels;
}

} // namespace hil
