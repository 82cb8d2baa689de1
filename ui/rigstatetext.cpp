#include "ui/rigstatetext.h"

#include <QLocale>

namespace hil {

const char *const RigStateText::kModeNames[kModeCount] = {"OFF", "LEVEL BRAKE", "LOADING",
                                                          "CUEING"};

QString RigStateText::mode(int mode)
{
    if (mode < 0 || mode >= kModeCount)
        return tr("unknown");
    const QString english = QLatin1String(kModeNames[mode]);
    const char *const source[kModeCount] = {QT_TR_NOOP("OFF"), QT_TR_NOOP("LEVEL BRAKE"),
                                            QT_TR_NOOP("LOADING"), QT_TR_NOOP("CUEING")};
    const QString translated = tr(source[mode]);
    return translated == english ? english : QStringLiteral("%1 (%2)").arg(translated, english);
}

QString RigStateText::guardReason(const MotionStatus::Guard &g)
{
    const QLocale l;
    const QString dof = RigStateText::dof(g.axis);
    switch (g.problem) {
    case LoopProblem::None:
        return {};
    case LoopProblem::SlowFrames:
        return tr("simulator slow (%1/s)").arg(l.toString(g.figure, 'f', 0));
    case LoopProblem::SlowSimulation:
        return tr("simulation slow (%1 %)").arg(l.toString(g.figure * 100.0, 'f', 0));
    case LoopProblem::LockstepTimeouts:
        return tr("PX4 timeouts (%1/s)").arg(l.toString(g.figure, 'f', 0));
    case LoopProblem::FramesLost:
        return tr("frames lost (%1 %)").arg(l.toString(g.figure * 100.0, 'f', 0));
    case LoopProblem::Implausible:
        return tr("impossible simulator data");
    case LoopProblem::EndStops:
        return tr("%1 at its end stop").arg(dof);
    case LoopProblem::LimitReversal:
        return tr("%1 end stop to end stop").arg(dof);
    }
    return {};
}

QString RigStateText::dof(int dof)
{
    static const char *const kDofs[6] = {QT_TR_NOOP("surge"), QT_TR_NOOP("sway"),
                                         QT_TR_NOOP("heave"), QT_TR_NOOP("roll"),
                                         QT_TR_NOOP("pitch"), QT_TR_NOOP("yaw")};
    return dof >= 0 && dof < 6 ? tr(kDofs[dof]) : QString();
}

QString RigStateText::stopRelease()
{
    return tr("pick a mode to release");
}

} // namespace hil
