error("typo-main's main.lua must never run: the manifest names 'mian.lua'")
