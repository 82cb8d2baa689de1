#pragma once
// Platform identification (`--platform-identify`, docs/platform-model.md, "Identifying the
// platform"): fits the platform model's washout to what a platform did with the cues it was
// sent — cues.csv (the words on the wire, after every gain) in, platform.csv's reported poses
// out, both on the host's one steady clock. Per DoF: a gain, the translational ωn, ζ, ωb or the
// rotational ωn, ζ, the tilt low-pass on roll and pitch (or no tilt), and one pure delay for
// the platform. Each parameter comes with its standard uncertainty; one the data did not
// determine keeps the prior's value and is marked so. The envelope is never fitted: what was
// seen is reported as a lower bound.
//
// Method: each DoF's channel (the model's own TranslationalChannel, RotationalChannel,
// TiltChannel, so the fit is exactly what the model runs) is stepped over the recording's cues,
// held between frames on a 1/rateHz grid; its output, delayed by τ (interpolated), scaled by the
// gain and shifted by an offset (the washout target, not fitted otherwise), is compared with
// each reported pose. Levenberg–Marquardt on log-parameters; the covariance the sandwich
// (JᵀJ)⁻¹·M·(JᵀJ)⁻¹ over one-second blocks, for the residuals' correlation. The one-DoF model
// and its fit are identifyfit.h's; what counts as determined and the delays' combination are
// identify.cpp's.
// Pure computation plus the files' reading; no clocks or event loop; any thread.
// Units: SI (m, rad, s, rad/s); the report's JSON uses the model file's units.

#include "platformmodel/platformmodel.h"
#include "session/platformcsv.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <array>
#include <vector>

namespace hil::dryrun {

/// One session on the identification's grid.
struct IdRecording
{
    QString source;    ///< the session folder as given
    double startS = 0; ///< host time of grid step 0 (the first cue), s since the session start
    double dt = 0.004; ///< grid step: 1/the model's rate
    std::vector<platformmodel::FrameCommand> commands; ///< per step: the cue in force (held)
    /// Reported poses while CUEING with a cue in force: time from startS (s), platform frame.
    std::vector<double> poseT;
    std::vector<std::array<double, 6>> pose;
    std::vector<char> onPlatformClock; ///< per pose: timed by the platform's µs clock (1)
    qint64 cueRows = 0;                ///< cues.csv rows used
    qint64 cueRowsSkipped = 0;         ///< malformed cues.csv rows
    qint64 platformRows = 0;           ///< platform.csv rows read
    qint64 platformRowsSkipped = 0;
    qint64 posesOutside = 0; ///< CUEING poses before the first cue, after the last, in a gap
    qint64 posesOnPlatformClock = 0; ///< poses timed by the platform's µs clock, not arrival
};

/// Reads a session folder (cues.csv, platform.csv). False with *error in the operator's words
/// when it has nothing to identify from (no cues.csv: an older session or no platform link; no
/// CUEING pose).
bool loadIdRecording(const QString &sessionDir, double rateHz, IdRecording *out, QString *error);
/// The 65535 replies' platform clock put on the host clock: host − platform, at its smallest
/// in each 10 s window (the least-delayed arrivals), fitted by a line (the two clocks drift).
/// *hostOf gets the corrected host time (s) of each row with a platform time, NaN for the
/// others (all NaN with fewer than 20 such rows).
void placePlatformClock(const std::vector<PlatformReply> &rows, std::vector<double> *hostOf);

struct IdParameter
{
    QString key;      ///< the model file's key, e.g. "washout.surge_natural_rad_s", "delay_ms"
    double value = 0; ///< in the key's unit: identified, or the prior's when undetermined
    double sigma = 0; ///< standard uncertainty in the same unit (inf: nothing to say)
    double prior = 0;
    bool determined = false;
};

struct IdDof
{
    int dof = 0;
    bool excited = false; ///< the cues moved this DoF by more than the wire's resolution
    QString lacking;      ///< why not excited, in words (empty when excited)
    double inputRms = 0;  ///< m/s² (specific force deviation) or rad/s²
    double poseRms = 0;   ///< m or rad, the reported pose about its mean
    qint64 samples = 0;
    double vaf = 0;                     ///< variance accounted for by the identified model, 0..1
    double delayS = 0, delaySigmaS = 0; ///< this DoF's own delay estimate
    bool delayDetermined = false;
    std::vector<IdParameter> parameters;
    /// The pose seen (platform frame, m or rad): a lower bound of the reach, never the envelope.
    double seenMin = 0, seenMax = 0;
};

/// How well a model predicts recorded poses: per DoF, RMS error (m or rad) and VAF (0..1).
struct ModelFit
{
    std::array<double, 6> rmsError{};
    std::array<double, 6> vaf{};
    std::array<qint64, 6> samples{};
};

struct IdentificationResult
{
    platformmodel::ModelConfig model; ///< the prior with every determined parameter replaced
    std::array<IdDof, 6> dofs;
    IdParameter delay;       ///< "delay_ms"
    IdParameter tiltLowPass; ///< "washout.tilt_lowpass_rad_s"
    /// "low_pass", "none" or "undetermined" (the prior's kept)
    QString tiltDecision = QStringLiteral("undetermined");
    ModelFit priorFit;      ///< the prior model on the same recordings
    ModelFit identifiedFit; ///< the identified model
    QStringList notes;      ///< what the operator should know (lacking excitation, clock used)
    bool anyDetermined() const;
};

/// Fits `prior` to the recordings (at least one, each with poses).
IdentificationResult identifyPlatform(const std::vector<IdRecording> &recordings,
                                      const platformmodel::ModelConfig &prior);

/// Runs the whole PlatformModel (envelope and delay included) over the recordings' cues and
/// compares its pose with the reported one.
ModelFit compareModel(const platformmodel::ModelConfig &config,
                      const std::vector<IdRecording> &recordings);

/// The report: parameters with uncertainty and "determined", per DoF excitation and VAF, the
/// prior's and the identified model's fit, the recordings' counts. Locale-free numbers.
QJsonObject identificationJson(const IdentificationResult &result,
                               const std::vector<IdRecording> &recordings);

} // namespace hil::dryrun
