# Ігровий екран термінального клієнта, розбір партії та рядки аналізу, спільні для термінала і pygame
# (client/tui/app.py, client/tui/analysis.py, client/analysis.py): українською.

## Рядки аналізу (client/analysis.py)
screen-verdict-not-yet = ще не оцінено
screen-verdict-still-lost = усе одно програш
screen-verdict-kept-draw = нічию збережено
screen-the-mover = гравець, що ходив
screen-seat = місце { $n }
screen-or = { $first } або { $second }
screen-move-verdict = { $what_if ->
        [yes] а якщо {""}
       *[no] {""}
    }{ $name } { $move }: { $verdict }
screen-value-for = ({ $name }: { $value })
screen-leaves = ({ $name }: тепер { $value })
screen-nothing-proven = (після нього нічого не доведено)
screen-best-was = найкращий був { $moves }
screen-lesson-best = найкращий { $moves }
screen-explaining = пояснюю...
screen-over-here = тут гра закінчена: поверніться на хід назад, щоб спробувати інший хід
screen-solver-failed = розв'язувач не впорався: { $why }
screen-solver-none = розв'язувач нічого не дав
screen-no-explanation = пояснення немає
screen-no-review = розбору немає: { $why }
screen-accuracy = { $name }: найкращих { $best } з { $moves } ({ $percent }%)
screen-turning = хід { NUMBER($n) }, { $name }, { $move }: { $verdict }
screen-from-move = { $what } з ходу { NUMBER($n) }
screen-turning-by = хід { NUMBER($n) } ({ $move }), { $name }: { $verdict }
screen-drawn = нічия

## Дошка аналізу і розбір (client/tui/analysis.py)
screen-an-start = початок
screen-an-back = знову на ходах партії
screen-review-col-ply = №
screen-review-col-move = хід
screen-review-col-before = до
screen-review-col-after = після
screen-review-col-verdict = оцінка
screen-review-col-best = найкращий
screen-review-foot = Enter: цей хід на дошці аналізу · a: дошка · Esc: назад
screen-review-accuracy = точність: { $text }
screen-review-turning = переломні ходи: { $text }
screen-review-lesson = хід { NUMBER($n) }, { $name } { $move }: { $verdict }
screen-review-computing = готую розбір...
screen-review-not-over = розбір буде, коли партія закінчиться
screen-board-not-over = дошка аналізу відкривається, коли партія закінчиться
screen-board-making = готую дошку аналізу...
screen-moves-unread = не вдалося прочитати ходи партії

## Клавіші дошки аналізу і розбору
screen-key-step-minus1 = назад
screen-key-step-1 = вперед
screen-key-home = початок
screen-key-end = кінець
screen-key-back-to-game = до партії
screen-key-what-if = а якщо
screen-key-tree = дерево гри
screen-key-close = закрити
screen-key-dismiss = закрити
screen-key-board = дошка аналізу
screen-help-step = хід назад, хід уперед
screen-help-ends = початок, кінець

## Ігровий екран (client/tui/app.py)
screen-you = ви: { $name }
screen-watching = ви глядач
screen-code = код { $code }
screen-room = кімната { $room }
screen-f1-notation = { $line } (F1: запис ходів)
screen-waiting-challenge = чекаємо, поки { $name } прийме ваш виклик (F7 відкликає його)
screen-waiting-players = чекаємо на гравців;
    поділіться: { $share }
screen-rematch-you-asked = ви запропонували реванш; чекаємо на { $names }
screen-rematch-the-room = кімнату
screen-rematch-new-room = нову кімнату
screen-rematch-asked = { $name } пропонує реванш{ $player ->
        [yes] {" "}(F4 приймає)
       *[no] {""}
    }
screen-rematch-asks = { $name } пропонує реванш{ $player ->
        [yes] {" "}(F4 приймає)
       *[no] {""}
    }
screen-rematch-again = реванш: знову { $names }
screen-same-players = ті самі гравці
screen-rematch-not-found = кімнату реваншу не знайдено (може, вона закрита?)
screen-following = переходимо за гравцями в їхній реванш
screen-away = { $name } (не на зв'язку)
screen-first-move-within = перший хід протягом { $seconds } с
screen-link-lost = зв'язок втрачено (код { $code }); відновлюю...
screen-moved = цей сервер перезапускається: перехід на { $url } без перерви
screen-reconnected = зв'язок відновлено
screen-session-lost = зв'язок відновлено, але сеанс втрачено
screen-goes-on = партія триває
screen-played = { $name }: хід { $move }
screen-hidden = (прихований)
screen-player-back = { $name } знову на зв'язку
screen-player-away = { $name }: зв'язок втрачено
screen-draw-offered = { $name } пропонує нічию{ $player ->
        [yes] : F8 приймає, F9 відхиляє
       *[no] {""}
    }
screen-you-offered-draw = ви запропонували нічию
screen-draw-declined = { $name }: нічию відхилено
screen-draw-stands = ваша пропозиція нічиєї в силі; чекаємо на { $names }
screen-draw-not-playing = про нічию домовляються гравці партії, що триває
screen-rematch-needs = реванш можливий лише після закінченої партії, яку ви грали
screen-no-room-chat = немає кімнати, де можна писати
screen-no-game = на екрані немає партії
screen-spectator-move = ви глядач: глядачі не ходять
screen-dropped = зв'язок обірвався до відповіді; відновлюю...
screen-dropped-move = зв'язок обірвався під час надсилання ходу; його перевірять після відновлення
screen-no-answer = немає відповіді: { $why }
screen-move-no-answer = на хід немає відповіді: { $why }
screen-game-on = партія триває: спершу здайтеся (F3) або грайте далі
screen-left-queue = ви вийшли з черги швидкої гри
screen-declined-challenge = ви відхилили виклик від { $name }
screen-nothing-to-resign = нема чого здавати: ви не граєте партію
screen-resign-question = Здатися в партії «{ $game }»? Суперник: { $names }. Цього не можна скасувати.
screen-play-on = граємо далі
screen-thinking = думаю...
screen-hint = підказка: { $hint }
screen-nobody = нікого
screen-link-challenge = код { $code }: місце для { $name } (з будь-якого пристрою); решта з цим кодом дивляться
screen-link-invite = код { $code }: вільне місце займе будь-хто, хто має код
screen-bot = бот
screen-open-seat = (вільне місце)
screen-invite-seat = (місце за запрошенням)
screen-you-play = ви граєте: { $mark }
screen-you-are = ви: { $mark }
screen-stretch = { $span }: { $who }
screen-won-by = перемога: { $name }
screen-won-side-yours = з початкової позиції виграє ваша сторона: для рейтингу її виграш зараховано як нічию
screen-won-side = з початкової позиції виграє сторона { $name }: для рейтингу її виграш зараховано як нічию
screen-your-rating = ваш рейтинг { $change }
screen-rating-of = рейтинг { $name } { $change }

## Завершені партії гравця (client/player_games.py)
screen-pg-vs = { $first } проти { $rest }
screen-pg-moves = { $n }{ $rated ->
        [yes] {" "}рейт.
       *[no] {""}
    }
screen-pg-win = виграш
screen-pg-loss = програш
screen-pg-draw = нічия
screen-pg-none = { $name }: ще немає завершених партій{ $of ->
        [yes] {" "}у { $game }
       *[no] {""}
    }
screen-pg-past = { $name }: після { $offset } партій більше немає (усього { $total }{ $of ->
        [yes] {" "}у { $game }
       *[no] {""}
    })
screen-pg-page = { $name }: партії{ $of ->
        [yes] {" "}у { $game }
       *[no] {""}
    } { $first }–{ $last } з { $total } (спершу нові)

## Поля кімнати (client/tui/model.py)
screen-bad-param = параметр { $item }: пишіть КЛЮЧ=ЗНАЧЕННЯ, наприклад heaps=3,4,5
screen-bad-opponent = суперник { $text }: пишіть human, invite або bot:РІВЕНЬ ({ $levels })

## Виклики в терміналі (client/challenges.py)
screen-rated-guest = рейтингові партії — для зареєстрованих гравців, а ви граєте як гість (один раз виконайте `grundy register ІМ'Я`, потім грайте з --name ІМ'Я)
screen-challenge-sent = ви викликали { $name } на { $rated ->
        [yes] рейтингову партію: { $game }
       *[no] партію: { $game }
    }; чекаємо на відповідь
screen-challenge-lapsed = { $name }: відповіді на ваш виклик вчасно не надійшло

## Клавіші сторінки турніру (client/tui/tournaments.py)
screen-key-enter = записатися
screen-key-withdraw = вийти
screen-key-start = почати

## Відмова в запиті до турніру (client/tournament_view.py)
screen-cannot = не вдалося { $verb }: { $why } ({ $detail })
screen-tverb-enter = записатися
screen-tverb-withdraw = вийти з турніру
screen-tverb-start = почати турнір
screen-tverb-show-the-tournament = показати турнір
screen-tverb-open-the-tournament = відкрити турнір
screen-tverb-create-the-tournament = створити турнір
screen-trefusal-tournament_not_open = запис закрито
screen-trefusal-tournament_over = турнір закінчився
screen-trefusal-tournament_full = у турнірі немає вільних місць
screen-trefusal-already_entered = ви вже записані
screen-trefusal-not_entered = ви не учасник
screen-trefusal-not_organiser = це може зробити лише його організатор
screen-trefusal-too_few_entrants = поки що замало учасників
screen-trefusal-unknown_tournament = сервер уже не знає цього турніру
screen-trefusal-too_many_tournaments = у вас відкрито забагато турнірів

## Дві сторони дошки аналізу (client/tui/desk.py)
screen-desk-first = перший гравець
screen-desk-second = другий гравець

## Питання «так чи ні» (client/tui/confirm.py; клавіші y і n)
screen-confirm-yes = Так (y)
screen-confirm-no = Ні (n, Esc)

## Чому партія закінчилася (client/tui/app.py)
screen-end-resign = { $name }: партію здано
screen-end-flag = { $name }: час вичерпано
screen-end-disconnect = { $name }: вихід без повернення вчасно

## Здача як останній хід розбору (client/analysis.py)
screen-move-resign = здача
