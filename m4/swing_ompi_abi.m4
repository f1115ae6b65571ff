dnl SPDX-License-Identifier: BSD-3-Clause
dnl The Open MPI point releases a build of the component may load under.
dnl
dnl Open MPI promises a stable ABI within a series to MPI applications
dnl only: its libmpi version rules cover "the official MPI interfaces",
dnl and "MCA component .so versions stay unspecified" (Open MPI's
dnl docs/version-numbering.rst). The component reads Open MPI's internal
dnl structures (communicator, coll module, op, datatype, request), so a
dnl point release may move them: 4.1.2 grew the op tables, 5.0.7 added a
dnl field in the middle of the communicator, 5.0.10 one in the coll module.
dnl
dnl The groups below are releases of one series in which every Open MPI
dnl header the component's compilation reads is the same, or differs only
dnl where the component cannot see it (a new prototype, constant or inline
dnl function it does not call): scripts/ompi-abi.sh lists the changes at
dnl each release, docs/INSTALL.md (Point releases) the judgement of each.
dnl A build loads under the releases of its own group and declines, with
dnl one message, under any other, newer ones not yet checked included.
dnl Format: FIRST-LAST release numbers; the last group ends at the newest
dnl release checked.
m4_define([SWING_OMPI_ABI_GROUPS_4_1], [2-8])
m4_define([SWING_OMPI_ABI_GROUPS_5_0], [0-6 7-8 9-9 10-10])

dnl SWING_OMPI_ABI: SWING_OMPI_ABI_FIRST and SWING_OMPI_ABI_LAST, the group
dnl of the release built against (after SWING_CHECK_OMPI_VERSION), and
dnl SWING_OMPI_ABI_RANGE, the same as text ("4.1.2 to 4.1.8").
AC_DEFUN([SWING_OMPI_ABI], [
    swing_release=${SWING_OMPI_VERSION##*.}
    AS_CASE([$SWING_OMPI_MAJOR.$SWING_OMPI_MINOR],
        [4.1], [swing_groups="SWING_OMPI_ABI_GROUPS_4_1"],
        [5.0], [swing_groups="SWING_OMPI_ABI_GROUPS_5_0"])
    SWING_OMPI_ABI_FIRST=""
    SWING_OMPI_ABI_LAST=""
    swing_oldest=""
    swing_newest=""
    for swing_g in $swing_groups; do
        swing_first=${swing_g%-*}
        swing_last=${swing_g#*-}
        test -n "$swing_oldest" || swing_oldest=$swing_first
        swing_newest=$swing_last
        AS_IF([test "$swing_release" -ge "$swing_first" && test "$swing_release" -le "$swing_last"],
              [SWING_OMPI_ABI_FIRST=$swing_first
               SWING_OMPI_ABI_LAST=$swing_last])
    done
    AS_IF([test -z "$SWING_OMPI_ABI_FIRST" && test "$swing_release" -lt "$swing_oldest"],
          [AC_MSG_ERROR([Open MPI $SWING_OMPI_VERSION is not supported: the component is written for the op and datatype tables of Open MPI $SWING_OMPI_MAJOR.$SWING_OMPI_MINOR.$swing_oldest and later (4.1.2 added MPI_LONG's reduction type); build against 4.1.2 to 4.1.8 or 5.0.x (Debian bookworm or trixie)])])
    AS_IF([test -z "$SWING_OMPI_ABI_FIRST"],
          [AC_MSG_WARN([Open MPI $SWING_OMPI_VERSION is newer than the releases checked ($SWING_OMPI_MAJOR.$SWING_OMPI_MINOR.$swing_newest, m4/swing_ompi_abi.m4): the component will load under $SWING_OMPI_VERSION only])
           SWING_OMPI_ABI_FIRST=$swing_release
           SWING_OMPI_ABI_LAST=$swing_release])
    AS_IF([test "$SWING_OMPI_ABI_FIRST" = "$SWING_OMPI_ABI_LAST"],
          [SWING_OMPI_ABI_RANGE="$SWING_OMPI_MAJOR.$SWING_OMPI_MINOR.$SWING_OMPI_ABI_FIRST only"],
          [SWING_OMPI_ABI_RANGE="$SWING_OMPI_MAJOR.$SWING_OMPI_MINOR.$SWING_OMPI_ABI_FIRST to $SWING_OMPI_MAJOR.$SWING_OMPI_MINOR.$SWING_OMPI_ABI_LAST"])
    AC_MSG_CHECKING([for the Open MPI releases the component may load under])
    AC_MSG_RESULT([$SWING_OMPI_ABI_RANGE])
    AC_SUBST([SWING_OMPI_ABI_FIRST])
    AC_SUBST([SWING_OMPI_ABI_LAST])
    AC_SUBST([SWING_OMPI_ABI_RANGE])
    AC_SUBST([SWING_OMPI_MINOR])
])
