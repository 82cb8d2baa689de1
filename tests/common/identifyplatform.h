#pragma once
// A motion platform for the identification's tests, written apart from lib/platformmodel (which
// it must not include: the model would be testing itself): each DoF's transfer function is a
// continuous state-space system integrated by fourth-order Runge–Kutta at 1 kHz, with what the
// model lacks — a transport delay, a first-order servo lag and a velocity limit on every DoF —
// and washout numbers away from the model's defaults. It writes a session folder as the program
// does: cues.csv (frame 5, words and their SI values, as docs/cli-and-session.md lists the
// columns) and platform.csv (a reply with the pose to every cue, and the 20 Hz position replies
// with the platform's µs clock), through its own formatting code.
// Units: SI; the files' units as documented (words: mm/s², °/s²; poses m and rad).

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QString>

#include <array>
#include <cmath>
#include <deque>
#include <random>
#include <vector>

namespace idtest {

struct Truth
{
    double delayS = 0.030;      ///< cue sent → first effect
    double servoLagS = 0.004;   ///< first-order lag of each DoF's servo
    double velocityLimit = 0.6; ///< m/s and rad/s
    std::array<double, 3> transWn{2.5, 3.0, 6.5};
    std::array<double, 3> transZeta{0.8, 0.6, 0.9};
    std::array<double, 3> transWb{0.6, 1.6, 0.7};
    std::array<double, 3> rotWn{2.2, 1.1, 1.8};
    std::array<double, 3> rotZeta{0.75, 1.4, 0.9};
    std::array<double, 6> gain{0.8, 1.2, 0.7, 1.3, 0.9, 1.1};
    bool tilt = true;
    double tiltWn = 3.0;
    double tiltZeta = 1.0;
    double tiltRateLimit = 3.0 * M_PI / 180.0; // rad/s
    double tiltMax = 12.0 * M_PI / 180.0;
};

struct Recording
{
    double seconds = 120.0;
    unsigned seed = 1;
    std::array<bool, 6> excite{true, true, true, true, true, false};
    double lossFraction = 0.0; ///< replies that never arrive
    double jitterS = 0.0;      ///< extra arrival delay, uniform 0..jitterS
    double firstCueS = 0.5;
};

class Platform
{
public:
    explicit Platform(const Truth &t) : m_t(t) {}

    /// One 1 ms step with the (delayed) specific force f (seat axes, m/s², gravity in heave)
    /// and angular acceleration a (rad/s²) in force.
    void step(const std::array<double, 3> &f, const std::array<double, 3> &a, double h)
    {
        const double g = 9.80665;
        const std::array<double, 3> dev{f[0], f[1], f[2] - g};
        // Translational: x'' + 2ζωn x' + ωn² x = u; w' = ωb (x − w); y = x − w.
        for (int i = 0; i < 3; ++i) {
            auto deriv = [&](const std::array<double, 3> &s) {
                const double wn = m_t.transWn[i], z = m_t.transZeta[i], wb = m_t.transWb[i];
                return std::array<double, 3>{s[1], dev[i] - 2 * z * wn * s[1] - wn * wn * s[0],
                                             wb * (s[0] - s[2])};
            };
            rk4(m_trans[i], deriv, h);
        }
        for (int i = 0; i < 3; ++i) {
            auto deriv = [&](const std::array<double, 2> &s) {
                const double wn = m_t.rotWn[i], z = m_t.rotZeta[i];
                return std::array<double, 2>{s[1], a[i] - 2 * z * wn * s[1] - wn * wn * s[0]};
            };
            rk4(m_rot[i], deriv, h);
        }
        // Tilt: q'' + 2ζωt q' + ωt² q = ωt² f (f_y for roll, f_x for pitch), then asin, limit.
        double tilt[2] = {0, 0};
        if (m_t.tilt) {
            const double in[2] = {f[1], f[0]};
            for (int i = 0; i < 2; ++i) {
                auto deriv = [&](const std::array<double, 2> &s) {
                    const double wn = m_t.tiltWn, z = m_t.tiltZeta;
                    return std::array<double, 2>{s[1],
                                                 wn * wn * (in[i] - s[0]) - 2 * z * wn * s[1]};
                };
                rk4(m_tiltFilter[i], deriv, h);
                const double s = std::clamp(m_tiltFilter[i][0] / g, -std::sin(m_t.tiltMax),
                                            std::sin(m_t.tiltMax));
                const double want = std::asin(s);
                const double maxStep = m_t.tiltRateLimit * h;
                m_tilt[i] += std::clamp(want - m_tilt[i], -maxStep, maxStep);
            }
            tilt[0] = m_tilt[0];
            tilt[1] = -m_tilt[1]; // a forward force is met by the nose UP: negative pitch
        }
        std::array<double, 6> demand{};
        for (int i = 0; i < 3; ++i)
            demand[i] = m_t.gain[i] * (m_trans[i][0] - m_trans[i][2]);
        for (int i = 0; i < 3; ++i)
            demand[3 + i] = m_t.gain[3 + i] * (m_rot[i][0] + (i < 2 ? tilt[i] : 0.0));
        for (int i = 0; i < 6; ++i) {
            const double v = std::clamp((demand[i] - m_pose[i]) / m_t.servoLagS, -m_t.velocityLimit,
                                        m_t.velocityLimit);
            m_pose[i] += v * h;
        }
    }
    const std::array<double, 6> &pose() const { return m_pose; }

private:
    template <std::size_t N, typename F> static void rk4(std::array<double, N> &s, F f, double h)
    {
        auto add = [](const std::array<double, N> &a, const std::array<double, N> &b, double k) {
            std::array<double, N> r{};
            for (std::size_t i = 0; i < N; ++i)
                r[i] = a[i] + k * b[i];
            return r;
        };
        const auto k1 = f(s);
        const auto k2 = f(add(s, k1, h / 2));
        const auto k3 = f(add(s, k2, h / 2));
        const auto k4 = f(add(s, k3, h));
        for (std::size_t i = 0; i < N; ++i)
            s[i] += h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
    }

    Truth m_t;
    std::array<std::array<double, 3>, 3> m_trans{};
    std::array<std::array<double, 2>, 3> m_rot{};
    std::array<std::array<double, 2>, 2> m_tiltFilter{};
    double m_tilt[2] = {0, 0};
    std::array<double, 6> m_pose{};
};

inline QByteArray num(double v)
{
    // Not printf: a QCoreApplication sets the desktop's locale (a decimal comma in German).
    return QByteArray::number(v, 'g', 9);
}

/// Writes a session folder dir: cues every ~10 ms (100 Hz with 1 ms of sending jitter), frame
/// 5, a sum of sines per excited DoF (log-spaced 0.2 … 20 rad/s, random phases).
inline bool writeSession(const QString &dir, const Truth &truth, const Recording &rec)
{
    QDir().mkpath(dir);
    std::mt19937 rng(rec.seed);
    // Loss and jitter draw from their own stream: the same seed sends the same cues whatever
    // becomes of the replies.
    std::mt19937 replyRng(rec.seed + 1000003u);
    std::uniform_real_distribution<double> uni(0.0, 1.0);
    constexpr int kSines = 12;
    std::array<std::array<double, kSines>, 6> phase{};
    for (auto &p : phase)
        for (double &x : p)
            x = 2 * M_PI * uni(rng);
    auto omega = [](int k) { return 0.2 * std::pow(100.0, double(k) / (kSines - 1)); };
    // Amplitudes: m/s² for the forces, rad/s² for the angular accelerations.
    const double amp[6] = {0.25, 0.25, 0.35, 0.12, 0.12, 0.12};
    auto signal = [&](int dof, double t) {
        if (!rec.excite[std::size_t(dof)])
            return 0.0;
        double s = 0;
        for (int k = 0; k < kSines; ++k)
            s += amp[dof] * std::sin(omega(k) * t + phase[std::size_t(dof)][std::size_t(k)]);
        // Faded in over 2 s: a platform at rest when the recording starts.
        return s * std::min(1.0, t / 2.0);
    };

    QByteArray cues =
        "time_s,message_id,origin,cue_gain,master_gain,zeroed,holds,acceleration/surge,"
        "acceleration/sway,acceleration/heave,angular_acceleration/roll,"
        "angular_acceleration/pitch,angular_acceleration/yaw,attitude/roll,attitude/pitch,"
        "gravity,word/0,word/1,word/2,word/3,word/4,word/5,word/6,word/7,word/8\n";
    QByteArray platform = "time_s,message_id,position/surge,position/sway,position/heave,"
                          "attitude/roll,attitude/pitch,attitude/yaw,status_word,mode,thermal,"
                          "motor_ok/0,motor_ok/1,motor_ok/2,motor_ok/3,motor_ok/4,motor_ok/5,"
                          "platform_time_us\n";

    struct Cue
    {
        double sentS;
        std::array<double, 3> f, a;
    };
    std::deque<Cue> inFlight;
    std::array<double, 3> fNow{0, 0, 9.807}, aNow{0, 0, 0};
    Platform p(truth);
    const double h = 0.001;
    const double end = rec.firstCueS + rec.seconds;
    double nextCue = rec.firstCueS, nextPoll = rec.firstCueS + 0.025;
    const double platformClockOffsetS = 1234.5678; // its own zero
    struct Reply
    {
        double arriveS;
        QByteArray row;
    };
    std::vector<Reply> replies;
    auto poseCells = [&](const std::array<double, 6> &pose) {
        QByteArray r;
        for (int i = 0; i < 6; ++i) {
            // The wire's resolution: µm and mdeg.
            const double q = i < 3 ? std::round(pose[std::size_t(i)] * 1e6) / 1e6
                                   : std::round(pose[std::size_t(i)] * 180e3 / M_PI) * M_PI / 180e3;
            r += num(q) + ',';
        }
        return r;
    };
    auto reply = [&](double sampledS, int id, bool withClock) {
        if (uni(replyRng) < rec.lossFraction)
            return;
        const double arrive = sampledS + 0.001 + rec.jitterS * uni(replyRng);
        QByteArray row = num(arrive) + ',' + QByteArray::number(id) + ',' + poseCells(p.pose()) +
                         "4035,3,0,1,1,1,1,1,1,";
        if (withClock)
            row += QByteArray::number(
                qulonglong(std::llround((sampledS + platformClockOffsetS) * 1e6)) % 4294967296ULL);
        replies.push_back({arrive, row + '\n'});
    };
    for (double t = 0; t < end; t += h) {
        // Sending: the cue as it goes on the wire (words rounded), then its reply.
        if (t >= nextCue) {
            Cue c{t, {}, {}};
            qint64 words[6];
            for (int i = 0; i < 3; ++i) {
                const double si = signal(i, t - rec.firstCueS) + (i == 2 ? 9.807 : 0.0);
                words[i] = std::llround(si * 1000.0);
                c.f[std::size_t(i)] = double(words[i]) / 1000.0;
            }
            for (int i = 0; i < 3; ++i) {
                const double si = signal(3 + i, t - rec.firstCueS);
                words[3 + i] = std::llround(si * 180.0 / M_PI);
                c.a[std::size_t(i)] = double(words[3 + i]) * M_PI / 180.0;
            }
            QByteArray row = num(t) + ",5,0,1,1,0,0,";
            for (int i = 0; i < 3; ++i)
                row += num(c.f[std::size_t(i)]) + ',';
            for (int i = 0; i < 3; ++i)
                row += num(c.a[std::size_t(i)]) + ',';
            row += ",,,";
            for (int i = 0; i < 6; ++i)
                row += QByteArray::number(words[i]) + ',';
            row += ",,\n";
            cues += row;
            inFlight.push_back(c);
            nextCue += 0.010 + 0.001 * (uni(rng) - 0.5);
        }
        while (!inFlight.empty() && inFlight.front().sentS + truth.delayS <= t) {
            fNow = inFlight.front().f;
            aNow = inFlight.front().a;
            // The reply to a cue carries the pose when the platform took it.
            reply(t, 5, false);
            inFlight.pop_front();
        }
        if (t >= nextPoll) {
            reply(t, 65535, true);
            nextPoll += 0.05;
        }
        p.step(fNow, aNow, h);
    }
    std::sort(replies.begin(), replies.end(),
              [](const Reply &a, const Reply &b) { return a.arriveS < b.arriveS; });
    for (const Reply &r : replies)
        platform += r.row;
    QFile fc(QDir(dir).filePath(QStringLiteral("cues.csv")));
    QFile fp(QDir(dir).filePath(QStringLiteral("platform.csv")));
    return fc.open(QIODevice::WriteOnly) && fc.write(cues) == cues.size() &&
           fp.open(QIODevice::WriteOnly) && fp.write(platform) == platform.size();
}

} // namespace idtest
