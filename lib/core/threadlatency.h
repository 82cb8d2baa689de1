#pragma once
// Short scheduler slices for the threads on the simulator -> rider / PX4 path.
//
// On 2 cores the closed loop shares the machine with the window's plotting and the peers. With
// Linux's EEVDF scheduler (6.6+) a thread woken by a queued frame does not preempt a running one
// until that one's slice (~3 ms by default) is used, so a cue could wait for a plot redraw. Since
// 6.12 a SCHED_OTHER thread may ask for a shorter slice (sched_attr.sched_runtime, 0.1-100 ms):
// its virtual deadline comes earlier, so it preempts on wake-up (the kernel's PREEMPT_SHORT). It
// needs no privilege, keeps the thread's nice value and policy (no real-time class: a runaway link
// thread cannot starve the machine), and it takes nothing from other threads' share of the CPU.
// Older kernels accept and ignore the request; sched_getattr() then reads back 0, which is what
// the caller reports.
//
// Thread: acts on the calling thread only. Units: microseconds.
#include <cstdint>

namespace hil {

/// The slice the loop threads ask for, µs.
constexpr std::uint32_t kLoopSliceUs = 100;

/// Asks the kernel for a `sliceUs` scheduler slice for the calling thread (Linux; elsewhere a
/// no-op). Returns the slice the kernel reports back, µs: 0 when it does not honour slice
/// requests (or refused), else the granted slice (the kernel clamps to its range).
std::uint32_t requestThreadSlice(std::uint32_t sliceUs);

/// The nice value the window's thread runs at by default (--window-nice): its redraws then give
/// way to the loop threads (which keep nice 0: core/threadlauncher.h) and to peers on the same
/// PC (PX4 SITL) whenever both want a core.
constexpr int kDefaultWindowNice = 10;

/// Sets the calling thread's nice value (Linux: nice is per thread; without privilege it can only
/// go up, and threads started by this one inherit it). Returns the thread's nice value
/// afterwards (unchanged when refused); 0 elsewhere.
int setThreadNice(int nice);

} // namespace hil
