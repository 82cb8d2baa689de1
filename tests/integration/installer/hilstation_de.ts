<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<!-- A one-string catalogue for tst_installer_paths: proves the lookup loads a real .qm. -->
<TS version="2.1" language="de">
<context>
    <name>hil::PathsTest</name>
    <message>
        <source>Hello</source>
        <translation>Hallo</translation>
    </message>
</context>
</TS>
