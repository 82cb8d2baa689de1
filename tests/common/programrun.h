#pragma once
// The program run as a user runs it, for the command-line tests: arguments in, exit status and
// both output streams out. A run that does not end within the timeout is killed and reported
// with code -1 and why in err. Blocking: for test threads only.
#include "testpaths.h"

#include <QProcess>
#include <QString>
#include <QStringList>

namespace hil::testing {

struct ProgramRun
{
    int code = -1; ///< the exit status; -1 when it crashed or did not end
    QString out, err;
};

inline ProgramRun
runProgram(const QStringList &args, int timeoutMs = 120000,
           const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment())
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(hil::testpaths::program(), args);
    ProgramRun r;
    if (!p.waitForFinished(timeoutMs)) {
        r.err = QStringLiteral("[not finished: %1]").arg(p.errorString());
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

} // namespace hil::testing
