// The one source of a precompiled header's donor target (cmake/pch.cmake): the target exists only
// to compile the header once with the flags its users share.
