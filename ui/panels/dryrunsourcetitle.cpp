#include "ui/panels/dryrunsourcetitle.h"
#include "dryrun/maneuvers.h"
#include "ui/rigstatetext.h"

namespace hil {

QString DryRunSourceTitle::of(const dryrun::DryRunInput &input)
{
    return input.kind == dryrun::DryRunInput::Kind::Maneuver ? maneuver(input.displayName())
                                                             : input.displayName();
}

QString DryRunSourceTitle::maneuver(const QString &name)
{
    if (name == QLatin1String("coordinated-turn"))
        return tr("Coordinated turn");
    if (name == QLatin1String("takeoff"))
        return tr("Take-off");
    if (name == QLatin1String("landing"))
        return tr("Landing");
    if (name == QLatin1String("catapult"))
        return tr("Catapult launch");
    if (const int dof = dryrun::omctManeuverDof(name); dof >= 0)
        return tr("OMCT test, %1").arg(RigStateText::dof(dof));
    return name;
}

} // namespace hil
