#pragma once
// What a healthy rig check of the stand-ins may say about the machine's own speed. The loop rates
// (RealFlight's exchanges, PX4's lockstep steps and its timeouts) are judged against a real rig's
// figures (200 exchanges/s); the stand-ins reach them natively on a busy machine, but the Windows
// build under Wine does not: every socket call there is a round trip to wineserver, and with the
// two cores shared the stand-ins' loop falls to a third of RealFlight's rate
// (docs/windows-build.md, "FlightAxis under Wine"). Nor does a sanitizer build with the suite
// beside it: under ASan with two tests at once the exchange rate fell under the healthy limit
// ("warn") in one run in two. There those checks are printed, not judged; every other check is.
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

/// Whether this build is instrumented by a sanitizer (GCC's and Clang's own macros).
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define HIL_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define HIL_TEST_SANITIZED 1
#endif
#endif
#ifndef HIL_TEST_SANITIZED
#define HIL_TEST_SANITIZED 0
#endif
inline constexpr bool kSanitized = HIL_TEST_SANITIZED != 0;

/// Whether a healthy stand-in's rate check must pass here (not under Wine, not sanitized).
inline bool ratesJudged()
{
    return !testplatform::isWindows() && !kSanitized;
}

/// Whether a verdict other than pass on a stand-in's check is a fault of the program: always,
/// except a rate check where rates are not judged.
inline bool mustPass(const QString &check)
{
    return ratesJudged() || !isRateCheck(check);
}

} // namespace hil::test
