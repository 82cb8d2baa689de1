#pragma once
// What a healthy rig check of the stand-ins may say about the machine's own speed. The loop rates
// (RealFlight's exchanges, PX4's lockstep steps and its timeouts) are judged against a real rig's
// figures (200 exchanges/s); the stand-ins reach them natively on a busy machine, but the Windows
// build under Wine does not: every socket call there is a round trip to wineserver, and with the
// two cores shared the stand-ins' loop falls to a third of RealFlight's rate
// (docs/windows-build.md, "FlightAxis under Wine"). There those checks are printed, not judged;
// every other check is.
#include "testplatform.h"

#include <QString>
#include <QStringList>

namespace hil::test {

/// A check whose figure is the loop's rate on this machine.
inline bool isRateCheck(const QString &check)
{
    static const QStringList rates{QStringLiteral("flightaxis.exchange_rate"),
                                   QStringLiteral("px4.lockstep_rate"),
                                   QStringLiteral("px4.lockstep_timeouts")};
    return rates.contains(check);
}

/// Whether a healthy stand-in's rate check must pass here (not under Wine).
inline bool ratesJudged()
{
    return !testplatform::isWindows();
}

/// Whether a verdict other than pass on a stand-in's check is a fault of the program: always,
/// except a rate check where rates are not judged.
inline bool mustPass(const QString &check)
{
    return ratesJudged() || !isRateCheck(check);
}

} // namespace hil::test
