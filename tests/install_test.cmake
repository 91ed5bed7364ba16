# `cmake --install` of the build tree, then the installed program run from a folder holding no
# rules: it must find the rules installed beside it (PREFIX/share/arbiter/packs), not the source
# tree's, and pass their tests there; the editor annotations are installed too.
#   cmake -DBUILD_DIR=... -DSOURCE_DIR=... -DPREFIX=... -P install_test.cmake
file(REMOVE_RECURSE ${PREFIX})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${PREFIX}
                RESULT_VARIABLE failed OUTPUT_QUIET)
if(failed)
  message(FATAL_ERROR "cmake --install ${BUILD_DIR} --prefix ${PREFIX} failed: ${failed}")
endif()

# Run from a folder of no packs, outside the install's own paths (packs prints those relative).
file(MAKE_DIRECTORY ${PREFIX}/elsewhere)
# No folders of packs of the user's: only the rules that come with the program.
set(run_installed ${CMAKE_COMMAND} -E env --unset=ARBITER_PATH XDG_DATA_HOME=${PREFIX}/no-user-packs
                  ${PREFIX}/bin/arbiter)
function(run_installed_arbiter output)
  execute_process(COMMAND ${run_installed} ${ARGN} WORKING_DIRECTORY ${PREFIX}/elsewhere
                  OUTPUT_VARIABLE out ERROR_VARIABLE out RESULT_VARIABLE failed)
  if(failed)
    message(FATAL_ERROR "the installed 'arbiter ${ARGN}' failed (${failed}):\n${out}")
  endif()
  set(${output} "${out}" PARENT_SCOPE)
endfunction()

run_installed_arbiter(listed packs)
foreach(pack platemail tempo)
  string(FIND "${listed}" "${PREFIX}/share/arbiter/packs/${pack}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the installed arbiter does not list its own ${pack}:\n${listed}")
  endif()
endforeach()
string(FIND "${listed}" "${SOURCE_DIR}/rules" at)
if(NOT at EQUAL -1)
  message(FATAL_ERROR "the installed arbiter reads the source tree's rules:\n${listed}")
endif()

run_installed_arbiter(tested test tempo)
if(NOT tested MATCHES "[0-9]+ passed, 0 failed")
  message(FATAL_ERROR "the installed tempo's tests did not all pass:\n${tested}")
endif()

if(NOT EXISTS ${PREFIX}/share/arbiter/types/flow.lua)
  message(FATAL_ERROR "the LuaLS annotations are not installed in ${PREFIX}/share/arbiter/types")
endif()
