dnl Finding Open MPI, its development headers and its version.

dnl SWING_FIND_MPICC: the Open MPI compiler wrapper, used as CC.
AC_DEFUN([SWING_FIND_MPICC], [
    AC_ARG_VAR([MPICC], [Open MPI C compiler wrapper (default: mpicc)])
    AC_PATH_PROGS([MPICC], [mpicc], [no])
    AS_IF([test "x$MPICC" = xno],
          [AC_MSG_ERROR([mpicc not found: install Open MPI (Debian: apt-get install libopenmpi-dev openmpi-bin)])])
    AS_IF([test -z "$CC"], [CC="$MPICC"])
    AC_MSG_CHECKING([for Open MPI include directories])
    SWING_OMPI_INCDIRS=`$MPICC --showme:incdirs 2>/dev/null`
    AS_IF([test -z "$SWING_OMPI_INCDIRS"],
          [AC_MSG_RESULT([none])
           AC_MSG_ERROR([$MPICC --showme:incdirs printed nothing: is $MPICC Open MPI's wrapper? (Debian: apt-get install libopenmpi-dev)])])
    AC_MSG_RESULT([$SWING_OMPI_INCDIRS])
    SWING_OMPI_LIBDIRS=`$MPICC --showme:libdirs 2>/dev/null`
    SWING_OMPI_CPPFLAGS=""
    for swing_dir in $SWING_OMPI_INCDIRS; do
        SWING_OMPI_CPPFLAGS="$SWING_OMPI_CPPFLAGS -isystem $swing_dir"
        AS_IF([test -d "$swing_dir/openmpi"],
              [SWING_OMPI_CPPFLAGS="$SWING_OMPI_CPPFLAGS -isystem $swing_dir/openmpi"])
    done
    AC_SUBST([SWING_OMPI_CPPFLAGS])
])

dnl SWING_CHECK_OMPI_HEADERS: ompi_config.h and the coll framework header.
AC_DEFUN([SWING_CHECK_OMPI_HEADERS], [
    swing_save_CPPFLAGS="$CPPFLAGS"
    CPPFLAGS="$CPPFLAGS $SWING_OMPI_CPPFLAGS"
    AC_CHECK_HEADER([ompi_config.h], [],
        [AC_MSG_ERROR([ompi_config.h not found: Open MPI's development headers are missing (Debian: apt-get install libopenmpi-dev)])])
    AC_CHECK_HEADER([ompi/mca/coll/coll.h], [],
        [AC_MSG_ERROR([ompi/mca/coll/coll.h not found: Open MPI's internal headers are missing (Debian: apt-get install libopenmpi-dev)])],
        [#include "ompi_config.h"])
    CPPFLAGS="$swing_save_CPPFLAGS"
])

dnl SWING_CHECK_OMPI_VERSION: the 4.1 series is the one supported.
AC_DEFUN([SWING_CHECK_OMPI_VERSION], [
    AC_MSG_CHECKING([for Open MPI 4.1.x])
    swing_save_CPPFLAGS="$CPPFLAGS"
    CPPFLAGS="$CPPFLAGS $SWING_OMPI_CPPFLAGS"
    AC_PREPROC_IFELSE([AC_LANG_SOURCE([[
#include "ompi/version.h"
#if OMPI_MAJOR_VERSION != 4 || OMPI_MINOR_VERSION != 1
#error unsupported Open MPI version
#endif
]])], [swing_ompi_ok=yes], [swing_ompi_ok=no])
    SWING_OMPI_VERSION=`${OMPI_INFO:-ompi_info} --version 2>/dev/null | sed -n 's/^Open MPI v//p'`
    CPPFLAGS="$swing_save_CPPFLAGS"
    AC_MSG_RESULT([$swing_ompi_ok ($SWING_OMPI_VERSION)])
    AS_IF([test "x$swing_ompi_ok" != xyes],
          [AC_MSG_ERROR([Open MPI 4.1.x is required (found ${SWING_OMPI_VERSION:-unknown}); Debian bookworm: apt-get install libopenmpi-dev openmpi-bin])])
])

dnl SWING_CHECK_FINT_COMPAT: Debian's op.h includes a Fortran header it
dnl does not ship; supply a minimal one only when it is missing.
AC_DEFUN([SWING_CHECK_FINT_COMPAT], [
    swing_save_CPPFLAGS="$CPPFLAGS"
    CPPFLAGS="$CPPFLAGS $SWING_OMPI_CPPFLAGS"
    AC_CHECK_HEADER([ompi/mpi/fortran/base/fint_2_int.h],
                    [swing_fint_compat=no], [swing_fint_compat=yes],
                    [#include "ompi_config.h"])
    CPPFLAGS="$swing_save_CPPFLAGS"
    AM_CONDITIONAL([SWING_FINT_COMPAT], [test "x$swing_fint_compat" = xyes])
])

dnl SWING_SET_COMPONENT_DIR: where `make install` puts mca_coll_swing.so.
AC_DEFUN([SWING_SET_COMPONENT_DIR], [
    AC_PATH_PROGS([OMPI_INFO], [ompi_info], [ompi_info])
    SWING_OMPI_PKGLIBDIR=`$OMPI_INFO --path pkglibdir --parsable 2>/dev/null | sed -n 's/^path:pkglibdir://p'`
    AS_IF([test -z "$SWING_OMPI_PKGLIBDIR"],
          [AC_MSG_ERROR([cannot ask ompi_info for Open MPI's component directory (Debian: apt-get install openmpi-bin)])])
    AC_ARG_WITH([component-dir],
        [AS_HELP_STRING([--with-component-dir=DIR],
            [install the component into DIR; "system" means Open MPI's own component directory (default: $HOME/.openmpi/components)])],
        [], [with_component_dir='${HOME}/.openmpi/components'])
    AS_CASE([$with_component_dir],
        [system], [SWING_COMPONENT_DIR="$SWING_OMPI_PKGLIBDIR"],
        [yes|no|""], [AC_MSG_ERROR([--with-component-dir needs a directory or "system"])],
        [SWING_COMPONENT_DIR="$with_component_dir"])
    AC_SUBST([SWING_COMPONENT_DIR])
    AC_SUBST([SWING_OMPI_PKGLIBDIR])
])
