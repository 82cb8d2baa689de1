#pragma once
// `hilstation --platform-identify SESSION_DIR [SESSION_DIR…] --platform-model-out FILE
// [--platform-model PRIOR]`: the platform model fitted to recorded sessions (lib/dryrun/
// identify.h, docs/platform-model.md, "Identifying the platform"). Writes FILE (a normal
// --platform-model file whose comment says where, when and from which firmware) and
// NAME.identification.json beside it; prints every parameter with its uncertainty. No link
// starts, no window opens. Exit status: 0 done; 2 an unusable argument (an unreadable prior);
// 3 a session without cues or poses, or an output that cannot be written; 4 nothing determined
// (no DoF was excited enough). One line on stderr names the problem.

namespace hil {
struct ParseResult;
namespace dryrun {
struct IdentificationFiles;
}
int runIdentifyCommand(const ParseResult &parsed);
/// Prints an identification's parameters, notes and files (stdout; the problem on stderr);
/// its exit status (0, 3, 4). The platform measurement (--omct-quick) prints its own with it.
int printIdentification(const dryrun::IdentificationFiles &files);
} // namespace hil
