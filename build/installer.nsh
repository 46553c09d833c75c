; Included by electron-builder's NSIS script (nsis.include in electron-builder.yml).
; Registers the app.shotput URL scheme so the OAuth redirect
; app.shotput://oauth/callback opens the installed app. SHELL_CONTEXT is
; HKEY_CURRENT_USER for the per-user install, so no elevation is needed.

!macro customInstall
  WriteRegStr SHELL_CONTEXT "Software\Classes\app.shotput" "" "URL:Shotput"
  WriteRegStr SHELL_CONTEXT "Software\Classes\app.shotput" "URL Protocol" ""
  WriteRegStr SHELL_CONTEXT "Software\Classes\app.shotput\DefaultIcon" "" "$appExe,0"
  WriteRegStr SHELL_CONTEXT "Software\Classes\app.shotput\shell\open\command" "" '"$appExe" "%1"'
!macroend

!macro customUnInstall
  ; An update runs the old uninstaller first; keep the scheme registered across it.
  ${ifNot} ${isUpdated}
    DeleteRegKey SHELL_CONTEXT "Software\Classes\app.shotput"
  ${endIf}
!macroend
