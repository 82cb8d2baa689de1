// The platform identification (lib/dryrun/identify.h) against a platform written apart from the
// model (identifyplatform.h: continuous dynamics, a servo lag, a velocity limit, a transport
// delay, gains ≠ 1, washout numbers away from the defaults): every excited parameter recovered
// within 10 %, the unexcited DoF reported undetermined with the prior kept, the identified model
// predicting another recording at least three times better than the defaults, tilt coordination
// told apart from none, and lost and late replies moving no parameter by more than its stated
// uncertainty. Then the model file it writes reads back, and sessions without cues are refused
// in words.
#include "dryrun/identify.h"
#include "identifyplatform.h"
#include "platformmodel/modelfile.h"

#include <QTemporaryDir>
#include <QtTest>

using hil::dryrun::IdentificationResult;
using hil::dryrun::identifyPlatform;
using hil::dryrun::IdParameter;
using hil::dryrun::IdRecording;
using hil::dryrun::loadIdRecording;
using hil::platformmodel::ModelConfig;

namespace {

const char *const kDof[6] = {"surge", "sway", "heave", "roll", "pitch", "yaw"};

const IdParameter *find(const IdentificationResult &r, const QString &key)
{
    if (r.delay.key == key)
        return &r.delay;
    if (r.tiltLowPass.key == key)
        return &r.tiltLowPass;
    for (const auto &d : r.dofs)
        for (const IdParameter &p : d.parameters)
            if (p.key == key)
                return &p;
    return nullptr;
}

/// Every parameter the truth says, with its value in the model file's unit.
std::vector<std::pair<QString, double>> truthKeys(const idtest::Truth &t, bool withYaw)
{
    std::vector<std::pair<QString, double>> out;
    for (int i = 0; i < 3; ++i) {
        const QString w = QStringLiteral("washout.") + QLatin1String(kDof[i]);
        out.push_back({w + QStringLiteral("_natural_rad_s"), t.transWn[std::size_t(i)]});
        out.push_back({w + QStringLiteral("_damping"), t.transZeta[std::size_t(i)]});
        out.push_back({w + QStringLiteral("_break_rad_s"), t.transWb[std::size_t(i)]});
    }
    for (int i = 0; i < (withYaw ? 3 : 2); ++i) {
        const QString w = QStringLiteral("washout.") + QLatin1String(kDof[3 + i]);
        out.push_back({w + QStringLiteral("_natural_rad_s"), t.rotWn[std::size_t(i)]});
        out.push_back({w + QStringLiteral("_damping"), t.rotZeta[std::size_t(i)]});
    }
    for (int i = 0; i < (withYaw ? 6 : 5); ++i)
        out.push_back(
            {QStringLiteral("washout.") + QLatin1String(kDof[i]) + QStringLiteral("_gain"),
             t.gain[std::size_t(i)]});
    if (t.tilt)
        out.push_back({QStringLiteral("washout.tilt_lowpass_rad_s"), t.tiltWn});
    return out;
}

} // namespace

class TestIdentify : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    idtest::Truth m_truth;
    std::vector<IdRecording> m_fitOn;
    IdentificationResult m_result;

    IdRecording load(const QString &name)
    {
        IdRecording r;
        QString error;
        if (!loadIdRecording(m_dir.filePath(name), 250.0, &r, &error))
            qWarning("%s", qPrintable(error));
        return r;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        idtest::Recording a;
        a.seconds = 150;
        a.seed = 7;
        QVERIFY(idtest::writeSession(m_dir.filePath(QStringLiteral("a")), m_truth, a));
        m_fitOn.push_back(load(QStringLiteral("a")));
        QVERIFY(!m_fitOn.back().poseT.empty());
        QElapsedTimer timer;
        timer.start();
        m_result = identifyPlatform(m_fitOn, ModelConfig());
        qInfo("identified from %lld poses in %lld ms", qint64(m_fitOn.back().poseT.size()),
              timer.elapsed());
        for (const auto &d : m_result.dofs)
            for (const IdParameter &p : d.parameters)
                qInfo("%-36s %8.4f ± %.4f (prior %.3f)%s", qPrintable(p.key), p.value, p.sigma,
                      p.prior, p.determined ? "" : " undetermined");
        for (const auto &d : m_result.dofs)
            qInfo("%-5s VAF %.4f, seen %.4f … %.4f", kDof[d.dof], d.vaf, d.seenMin, d.seenMax);
        qInfo("delay %.2f ± %.2f ms, tilt %s %.3f ± %.3f rad/s", m_result.delay.value,
              m_result.delay.sigma, qPrintable(m_result.tiltDecision), m_result.tiltLowPass.value,
              m_result.tiltLowPass.sigma);
    }

    void recoversEveryExcitedParameter()
    {
        for (const auto &[key, want] : truthKeys(m_truth, false)) {
            const IdParameter *p = find(m_result, key);
            QVERIFY2(p, qPrintable(key));
            QVERIFY2(p->determined, qPrintable(key));
            QVERIFY2(
                std::abs(p->value - want) <= 0.10 * want,
                qPrintable(QStringLiteral("%1: %2, truth %3").arg(key).arg(p->value).arg(want)));
        }
        QCOMPARE(m_result.tiltDecision, QStringLiteral("low_pass"));
        // The delay the model gets holds the transport delay, the reply's 1 ms way back and
        // the servo lag's low-frequency share.
        const double lag = (m_truth.delayS + 0.001 + m_truth.servoLagS) * 1e3;
        QVERIFY2(m_result.delay.determined && std::abs(m_result.delay.value - lag) <= 0.10 * lag,
                 qPrintable(QString::number(m_result.delay.value)));
        QVERIFY(m_fitOn[0].posesOnPlatformClock > 0); // the 65535 replies timed by the platform
    }

    void unexcitedYawIsUndetermined()
    {
        const auto &yaw = m_result.dofs[5];
        QVERIFY(!yaw.excited);
        QVERIFY(!yaw.lacking.isEmpty());
        const ModelConfig prior;
        for (const IdParameter &p : yaw.parameters) {
            QVERIFY2(!p.determined, qPrintable(p.key));
            QCOMPARE(p.value, p.prior);
        }
        QCOMPARE(m_result.model.washout.rotational[2].naturalRadps,
                 prior.washout.rotational[2].naturalRadps);
        QVERIFY(m_result.notes.join(QLatin1Char('\n')).contains(QLatin1String("yaw lacked")));
        // The envelope seen is reported, never written into the model.
        QCOMPARE(m_result.model.envelope.dofMax[0], prior.envelope.dofMax[0]);
        QVERIFY(m_result.dofs[0].seenMax > 0);
    }

    void predictsAnotherRecordingBetter()
    {
        idtest::Recording b;
        b.seconds = 60;
        b.seed = 99;
        QVERIFY(idtest::writeSession(m_dir.filePath(QStringLiteral("b")), m_truth, b));
        const std::vector<IdRecording> other{load(QStringLiteral("b"))};
        const auto before = hil::dryrun::compareModel(ModelConfig(), other);
        const auto after = hil::dryrun::compareModel(m_result.model, other);
        for (int i = 0; i < 5; ++i) {
            qInfo("%-5s rms error: default %.5f, identified %.5f (VAF %.3f)", kDof[i],
                  before.rmsError[std::size_t(i)], after.rmsError[std::size_t(i)],
                  after.vaf[std::size_t(i)]);
            QVERIFY2(after.rmsError[std::size_t(i)] * 3.0 <= before.rmsError[std::size_t(i)],
                     kDof[i]);
        }
    }

    void noTiltIsToldApart()
    {
        idtest::Truth t = m_truth;
        t.tilt = false;
        idtest::Recording a;
        a.seconds = 90;
        a.seed = 3;
        QVERIFY(idtest::writeSession(m_dir.filePath(QStringLiteral("notilt")), t, a));
        const auto r = identifyPlatform({load(QStringLiteral("notilt"))}, ModelConfig());
        QCOMPARE(r.tiltDecision, QStringLiteral("none"));
        QVERIFY(!r.model.washout.tiltCoordination);
        const IdParameter *rollN = find(r, QStringLiteral("washout.roll_natural_rad_s"));
        QVERIFY(rollN && rollN->determined &&
                std::abs(rollN->value - t.rotWn[0]) <= 0.1 * t.rotWn[0]);
    }

    void lossAndJitterStayWithinTheUncertainty()
    {
        idtest::Recording a;
        a.seconds = 150;
        a.seed = 7; // the same cues as the fit above
        a.lossFraction = 0.05;
        a.jitterS = 0.002;
        QVERIFY(idtest::writeSession(m_dir.filePath(QStringLiteral("noisy")), m_truth, a));
        const auto r = identifyPlatform({load(QStringLiteral("noisy"))}, ModelConfig());
        for (const auto &[key, want] : truthKeys(m_truth, false)) {
            Q_UNUSED(want);
            const IdParameter *clean = find(m_result, key), *noisy = find(r, key);
            QVERIFY(clean && noisy);
            qInfo("%-36s moved %+.5f, uncertainty %.5f", qPrintable(key),
                  noisy->value - clean->value, noisy->sigma);
            QVERIFY2(std::abs(noisy->value - clean->value) <= noisy->sigma,
                     qPrintable(QStringLiteral("%1 moved %2 → %3, uncertainty %4")
                                    .arg(key)
                                    .arg(clean->value)
                                    .arg(noisy->value)
                                    .arg(noisy->sigma)));
        }
    }

    void modelFileReadsBack()
    {
        const QByteArray json =
            hil::platformmodel::writeModelFile(m_result.model, QStringLiteral("identified"));
        ModelConfig back;
        QString error;
        QVERIFY2(hil::platformmodel::parseModelFile(json, QStringLiteral("id"), &back, &error),
                 qPrintable(error));
        QCOMPARE(back.delayS, m_result.model.delayS);
        QCOMPARE(back.washout.gain[1], m_result.model.washout.gain[1]);
    }

    void sessionsWithoutCuesAreRefusedInWords()
    {
        const QString empty = m_dir.filePath(QStringLiteral("older"));
        QDir().mkpath(empty);
        QFile f(QDir(empty).filePath(QStringLiteral("platform.csv")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        IdRecording r;
        QString error;
        QVERIFY(!loadIdRecording(empty, 250.0, &r, &error));
        QVERIFY2(error.contains(QLatin1String("cues.csv")), qPrintable(error));
        QVERIFY(!loadIdRecording(m_dir.filePath(QStringLiteral("nowhere")), 250.0, &r, &error));
        QVERIFY2(error.contains(QLatin1String("no such session folder")), qPrintable(error));
    }
};

QTEST_APPLESS_MAIN(TestIdentify)
#include "tst_identify.moc"
