#pragma once
// The links this program is built with. Adding a link: a folder lib/<protocol>/ (codec, link,
// stand-in; hil_module(... PROTOCOL)), its registration lib/links/<protocol>.cpp returning a
// LinkDescriptor, and one line in builtinLinks() (links/builtin.cpp). In full:
// docs/architecture.md, "Adding a link".

#include "core/linkdescriptor.h"

namespace hil::links {

/// The built-in registry, in start order. Built once, on first use; read-only after.
const LinkRegistry &builtinLinks();

LinkDescriptor flightAxisDescriptor();
LinkDescriptor ravenDescriptor();
LinkDescriptor px4Descriptor();
LinkDescriptor px4GcsDescriptor();
LinkDescriptor rflysimDescriptor();
LinkDescriptor pilotDescriptor();
LinkDescriptor labDescriptor();

} // namespace hil::links
