#pragma once
// `hilstation --dry-run INPUT --dry-run-report DIR [--cueing FILE] [--platform-model FILE]`:
// the cueing and the platform model offline (lib/dryrun, docs/dry-run.md), with what the rider
// would feel (docs/perception.md). `--dry-run-suggest FILE` (with or instead of the report) also
// searches better settings and writes them as a cueing file (lib/dryrun/suggest.h). No link starts,
// no window opens (the plots are drawn offscreen). Exit status: 0 done; 2 an unusable argument (an
// unreadable --cueing or --platform-model, an unknown manoeuvre); 3 an input that does not exist
// or has no readable row, or a report folder or suggestion file that cannot be written. One line on
// stderr names the problem.

namespace hil {
struct ParseResult;
int runDryRunCommand(const ParseResult &parsed, int argc, char **argv);
} // namespace hil
