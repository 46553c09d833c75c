; Included by electron-builder's NSIS script (nsis.include in electron-builder.yml).
; Registers the app.shotput URL scheme so the OAuth redirect
; app.shotput://oauth/callback opens the installed app, and offers Shotput in
; Explorer's "Open with" for the image types it reads, never as their default
; program: a ProgID of its own listed under each extension's OpenWithProgids
; (the extension's default value is left alone). SHELL_CONTEXT is
; HKEY_CURRENT_USER for the per-user install, so no elevation is needed.

!macro shotputOpenWith EXT
  WriteRegStr SHELL_CONTEXT "Software\Classes\${EXT}\OpenWithProgids" "Shotput.Image" ""
!macroend

!macro shotputForgetOpenWith EXT
  DeleteRegValue SHELL_CONTEXT "Software\Classes\${EXT}\OpenWithProgids" "Shotput.Image"
!macroend

!macro customInstall
  WriteRegStr SHELL_CONTEXT "Software\Classes\app.shotput" "" "URL:Shotput"
  WriteRegStr SHELL_CONTEXT "Software\Classes\app.shotput" "URL Protocol" ""
  WriteRegStr SHELL_CONTEXT "Software\Classes\app.shotput\DefaultIcon" "" "$appExe,0"
  WriteRegStr SHELL_CONTEXT "Software\Classes\app.shotput\shell\open\command" "" '"$appExe" "%1"'
  WriteRegStr SHELL_CONTEXT "Software\Classes\Shotput.Image" "" "Image for Shotput"
  WriteRegStr SHELL_CONTEXT "Software\Classes\Shotput.Image\DefaultIcon" "" "$appExe,0"
  WriteRegStr SHELL_CONTEXT "Software\Classes\Shotput.Image\shell\open\command" "" '"$appExe" "%1"'
  !insertmacro shotputOpenWith ".png"
  !insertmacro shotputOpenWith ".jpg"
  !insertmacro shotputOpenWith ".jpeg"
  !insertmacro shotputOpenWith ".gif"
  !insertmacro shotputOpenWith ".webp"
  !insertmacro shotputOpenWith ".tif"
  !insertmacro shotputOpenWith ".tiff"
  !insertmacro shotputOpenWith ".avif"
  !insertmacro shotputOpenWith ".svg"
  !insertmacro shotputOpenWith ".mp4"
  !insertmacro shotputOpenWith ".m4v"
  !insertmacro shotputOpenWith ".mov"
  !insertmacro shotputOpenWith ".webm"
  !insertmacro shotputOpenWith ".apng"
  !insertmacro shotputOpenWith ".lottie"
!macroend

!macro customUnInstall
  ; An update runs the old uninstaller first; keep the scheme registered across it.
  ${ifNot} ${isUpdated}
    DeleteRegKey SHELL_CONTEXT "Software\Classes\app.shotput"
    DeleteRegKey SHELL_CONTEXT "Software\Classes\Shotput.Image"
    !insertmacro shotputForgetOpenWith ".png"
    !insertmacro shotputForgetOpenWith ".jpg"
    !insertmacro shotputForgetOpenWith ".jpeg"
    !insertmacro shotputForgetOpenWith ".gif"
    !insertmacro shotputForgetOpenWith ".webp"
    !insertmacro shotputForgetOpenWith ".tif"
    !insertmacro shotputForgetOpenWith ".tiff"
    !insertmacro shotputForgetOpenWith ".avif"
    !insertmacro shotputForgetOpenWith ".svg"
    !insertmacro shotputForgetOpenWith ".mp4"
    !insertmacro shotputForgetOpenWith ".m4v"
    !insertmacro shotputForgetOpenWith ".mov"
    !insertmacro shotputForgetOpenWith ".webm"
    !insertmacro shotputForgetOpenWith ".apng"
    !insertmacro shotputForgetOpenWith ".lottie"
  ${endIf}
!macroend
